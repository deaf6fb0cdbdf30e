import { HttpError, INVALID_INPUT } from '../http/envelope.ts';

/**
 * A video value is fetched from its address before it is saved, so a broken
 * address is refused first. The browser cannot do it itself (this site's security policy lets
 * its pages connect to this site only, and the video hosts allow no other site to read their
 * pages), so the server asks the host's oEmbed endpoint, which answers for a video that exists
 * and can be embedded, with its title. Only the allow-listed hosts (VIDEO_HOSTS, checked by the
 * schema before this runs) are ever asked.
 */

export const VIDEO_CHECK_TIMEOUT_MS = 5_000;
/** An oEmbed answer is a few hundred bytes; more is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

const oembedAddress = (url: URL): string =>
  url.hostname.endsWith('vimeo.com')
    ? `https://vimeo.com/api/oembed.json?url=${encodeURIComponent(url.href)}`
    : `https://www.youtube.com/oembed?format=json&url=${encodeURIComponent(url.href)}`;

const refused = (message: string) => new HttpError(400, INVALID_INPUT, [{ field: 'url', message }]);

/** Resolves with the video's title when its host says it exists; a 400 on `url` otherwise. */
export async function checkVideo(url: string, fetcher: typeof fetch = fetch): Promise<{ title: string }> {
  let response: Response;
  try {
    response = await fetcher(oembedAddress(new URL(url)), { redirect: 'error', signal: AbortSignal.timeout(VIDEO_CHECK_TIMEOUT_MS) });
  } catch {
    throw refused('The video host could not be reached to check this address. Try again in a moment.');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw refused(`The video host has no video at this address that can be shown on the site (it answered ${response.status}).`);
  }
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) throw refused('The video host answered in a way we did not expect.');
  try {
    const { title } = JSON.parse(text) as { title?: unknown };
    return { title: typeof title === 'string' ? title.slice(0, 500) : '' };
  } catch {
    throw refused('The video host answered in a way we did not expect.');
  }
}
