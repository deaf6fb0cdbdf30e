import { API_BASE } from './client.ts';

/**
 * An image or video value given as a web address is first fetched from that
 * address, so a broken one is refused before anything is saved. This is the one browser fetch
 * that is not an API call (the API goes through typed-client.ts); it refuses this site's own
 * API addresses so it can never become one.
 */

export class UrlValueError extends Error {}

/** How long a fetch of a value's address may take before it counts as not answering. */
export const URL_FETCH_TIMEOUT_MS = 15_000;

/** The address as the browser will fetch it (a path is on this site), or why it cannot be. */
export function valueAddress(url: string, origin = globalThis.location?.origin ?? 'http://localhost'): URL {
  let address: URL;
  try {
    address = new URL(url.trim(), origin);
  } catch {
    throw new UrlValueError('Invalid URL');
  }
  if (address.protocol !== 'https:' && address.protocol !== 'http:') throw new UrlValueError('Invalid URL');
  const api = new URL(API_BASE, origin);
  if (address.origin === api.origin && address.pathname.startsWith(api.pathname)) throw new UrlValueError('An API address is not an image or a video.');
  return address;
}

async function fetchValue(url: string): Promise<Response> {
  const address = valueAddress(url);
  let response: Response;
  try {
    response = await fetch(address, { credentials: 'omit', signal: AbortSignal.timeout(URL_FETCH_TIMEOUT_MS), redirect: 'follow' });
  } catch {
    // A network failure, a refusal by the other site (CORS) or by this page's security policy look alike here.
    throw new UrlValueError(
      `${address.href} could not be fetched from this browser: the address does not answer, or its site does not allow it. Check the address, or download the file and upload it instead.`,
    );
  }
  if (!response.ok) throw new UrlValueError(`${address.href} answered ${response.status}: there is nothing to use at that address.`);
  return response;
}

/** Fetches an image's address and returns it as a file for the resumable upload; anything but an image is refused. */
export async function fetchImageFile(url: string): Promise<File> {
  const response = await fetchValue(url);
  const blob = await response.blob();
  if (!blob.type.startsWith('image/')) throw new UrlValueError(`${url} is not an image (it is ${blob.type || 'of no stated type'}).`);
  const name = decodeURIComponent(new URL(response.url || url, globalThis.location?.origin).pathname.split('/').pop() || 'image');
  return new File([blob], name, { type: blob.type });
}

/** Fetches a value's address as text; resolves when it answered with content. */
export async function fetchAsText(url: string): Promise<string> {
  return (await fetchValue(url)).text();
}
