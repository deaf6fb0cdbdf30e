import { API_BASE } from './client.ts';

/**
 * The address of an API route for a plain link (a download the browser fetches itself, with
 * the session cookie), from the derived client's `$path()`:
 *
 *   apiHref(apiClient.quotes.files[':id'].$path({ param: { id: encodeURIComponent(fileId) } }))
 *
 * hc's `$url()` needs an absolute base, while API_BASE may be relative (`/api/v1`); `$path()`
 * gives the route's path under the base, so the path is written only in the server's route.
 */
export const apiHref = (routePath: string): string => `${API_BASE}${routePath}`;
