import { apiClient, pathParams, unwrap } from '#src/api/typed-client.ts';
import type { PreviewShareInput, PreviewShareView } from '#src/schemas/preview-share.ts';

/** Makes a link that shows a draft without signing in, for a week (the server builds the preview first). */
export async function sharePreview(input: PreviewShareInput): Promise<PreviewShareView> {
  return (await unwrap(apiClient.previews.share.$post({ json: input }))).share;
}

/** Withdraws a shared link at once; answers the server's message. */
export async function withdrawShare(id: string): Promise<string> {
  return (await unwrap(apiClient.previews.share[':id'].$delete({ param: pathParams({ id }) }))).message;
}
