import { randomBytes } from 'node:crypto';
import { DEFAULT_API_BASE } from '#src/lib/api-base.ts';
import { UPLOADS_ROUTE } from '#src/schemas/upload.ts';

/** Where the tus endpoint is mounted: the same route the browser's uploads use, under /api/v1. */
export const UPLOADS_PATH = `${DEFAULT_API_BASE}${UPLOADS_ROUTE}`;

/** A new upload's id: 128 random bits in hex, so nobody can guess another person's upload address. */
export const newUploadId = (): string => randomBytes(16).toString('hex');

const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** What an upload request's URL names: the collection (to create), one upload, or nothing we serve. */
export type UploadAddress = { kind: 'collection' } | { kind: 'upload'; id: string } | { kind: 'refused'; status: 400 | 404; message: string };

export const uploadAddressMessages = {
  query: 'Upload addresses take no query string.',
  unknown: 'There is no such upload.',
} as const;

/**
 * Reads the upload a request names from its URL. The permission check and the tus library
 * both take the id from here, so they cannot disagree: tus on its own takes the last path
 * segment of the whole URL, query string and fragment included (`/uploads/MINE?x=/YOURS`
 * names YOURS to tus and MINE to a path-based check). tus uses no query string, so one is
 * refused; an id is exactly what `newUploadId` makes, so encoded slashes, NULs and other
 * segments never name a file.
 */
export function uploadAddress(url: string): UploadAddress {
  if (url.includes('?') || url.includes('#')) return { kind: 'refused', status: 400, message: uploadAddressMessages.query };
  const path = new URL(url).pathname;
  const rest = path.startsWith(UPLOADS_PATH) ? path.slice(UPLOADS_PATH.length) : null;
  if (rest === '' || rest === '/') return { kind: 'collection' };
  const id = rest?.startsWith('/') ? rest.slice(1) : '';
  return UPLOAD_ID.test(id) ? { kind: 'upload', id } : { kind: 'refused', status: 404, message: uploadAddressMessages.unknown };
}

/** The upload id a request names, or undefined (the collection, or no upload at all). */
export function uploadIdOf(url: string): string | undefined {
  const address = uploadAddress(url);
  return address.kind === 'upload' ? address.id : undefined;
}
