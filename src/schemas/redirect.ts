import * as v from 'valibot';
import { noControlCharacter, searchText } from './fields.ts';
import { limitMessages } from './messages.ts';
import { ListPagingSchema } from './paging.ts';

/**
 * Redirects: an old address of the site answered with a 301 (moved for good) or a 302 (for
 * now) to another address of the same site. A published post's new slug records one by
 * itself; staff add the rest. Only addresses the site has no page for are redirected.
 */

/** Longer than any address a person types; a browser's own limit is far above it, a CDN's near it. */
export const REDIRECT_PATH_MAX = 2000;

export const redirectStatuses = [301, 302] as const;
export type RedirectStatus = (typeof redirectStatuses)[number];
export const REDIRECT_STATUS_LABELS: Record<RedirectStatus, string> = { 301: 'Permanent (301)', 302: 'Temporary (302)' };

/** Who made a redirect: staff on the Redirects screen, or the site when a published post's slug changed. */
export const redirectOrigins = ['staff', 'post'] as const;
export type RedirectOrigin = (typeof redirectOrigins)[number];

export const REDIRECT_MESSAGES = {
  fromRequired: 'Enter the old address, starting with / (for example /blog/old-post).',
  toRequired: 'Enter the address to send visitors to, starting with / (for example /van-insurance).',
  offSite: 'Redirects stay on this site: enter an address starting with / (for example /van-insurance), not another site’s.',
  fromWithQuery: 'Enter the old address without the ? or # and what follows it.',
  home: 'The home page cannot be redirected.',
  status: 'Choose permanent (301) or temporary (302).',
} as const;

const BASE = 'http://site.invalid';

/** A path of this site: starts with one slash and, read as a browser reads it, stays on the same host ("//x" and "/\x" do not). */
export function isLocalAddress(value: string): boolean {
  if (!value.startsWith('/') || /\s/.test(value)) return false;
  try {
    return new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/** The path without trailing slashes (but the home page's one); a loop from the end, as a pattern would take quadratic time on a long run of them. */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 47) end--;
  return path.slice(0, end);
}

/** Percent-escapes in one case (upper, as browsers send them), so one address has one spelling. */
export const upperEscapes = (text: string): string => text.replace(/%[0-9a-f]{2}/gi, (code) => code.toUpperCase());

/** The address as a request names it: percent-encoded as a browser sends it, without a trailing slash (but the home page's). */
export function normaliseAddress(value: string): string {
  const url = new URL(value, BASE);
  return upperEscapes(`${withoutTrailingSlashes(url.pathname)}${url.search}${url.hash}`);
}

/** An address, once resolved ("/./" and "/../" taken out), that a browser still reads as this site's: not "//host" or "/\\host". */
export const staysOnSite = (normalised: string): boolean => normalised.startsWith('/') && !normalised.startsWith('//') && !normalised.startsWith('/\\');

const address = (required: string) =>
  v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(REDIRECT_PATH_MAX, limitMessages.tooLong(REDIRECT_PATH_MAX)),
    noControlCharacter,
    v.check(isLocalAddress, REDIRECT_MESSAGES.offSite),
    v.transform(normaliseAddress),
    // Resolved, "/.//host" is "//host": another site to a browser.
    v.check(staysOnSite, REDIRECT_MESSAGES.offSite),
    // Encoded, a letter beyond ASCII takes up to 9 characters.
    v.maxLength(REDIRECT_PATH_MAX, limitMessages.tooLong(REDIRECT_PATH_MAX)),
  );

/** The form and `POST /redirects/create`, `PUT /redirects/update/{id}`. */
export const RedirectInputSchema = v.object(
  {
    from: v.pipe(
      address(REDIRECT_MESSAGES.fromRequired),
      v.check((from) => !/[?#]/.test(from), REDIRECT_MESSAGES.fromWithQuery),
      v.check((from) => from !== '/', REDIRECT_MESSAGES.home),
    ),
    to: address(REDIRECT_MESSAGES.toRequired),
    // A select's value is text; the API takes the number too.
    status: v.pipe(
      v.union([v.literal(301), v.literal(302), v.literal('301'), v.literal('302')], REDIRECT_MESSAGES.status),
      v.transform((status) => Number(status) as RedirectStatus),
    ),
  },
  'Send the old address, the new one and the kind of redirect',
);
export type RedirectInput = v.InferOutput<typeof RedirectInputSchema>;
export type RedirectValues = v.InferInput<typeof RedirectInputSchema>;

/** `GET /redirects?page=&page_size=&q=&origin=`: newest first; words in either address. */
export const RedirectFilterSchema = v.object({
  q: v.optional(searchText),
  origin: v.optional(v.union([v.literal(''), v.picklist(redirectOrigins)], 'Choose staff or post')),
});
export const RedirectListQuerySchema = v.object({ ...ListPagingSchema.entries, ...RedirectFilterSchema.entries });

export const RedirectViewSchema = v.object({
  _id: v.string(),
  from: v.string(),
  to: v.string(),
  status: v.picklist(redirectStatuses),
  origin: v.picklist(redirectOrigins),
  /** How many visits it has answered, and the last one's moment. */
  hits: v.number(),
  lastHitAt: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type RedirectView = v.InferOutput<typeof RedirectViewSchema>;
