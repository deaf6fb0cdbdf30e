import { apiClient, unwrap } from '#src/api/typed-client.ts';

/**
 * Tells the server that staff opened an editor (a post's, or the site content's), so the
 * site builder loads now and the build their save or publish causes starts warm. A hint only:
 * a failure changes nothing the editor does, so it is not shown.
 */
export function readySiteBuilder(): void {
  unwrap(apiClient.cms.publish.prepare.$post()).catch(() => undefined);
}
