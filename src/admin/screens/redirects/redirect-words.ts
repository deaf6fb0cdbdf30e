import type { RedirectOrigin, RedirectView } from '#src/schemas/redirect.ts';

/** Who made a redirect, as the list and the form name it. */
export const ORIGIN_LABELS: Record<RedirectOrigin, string> = { staff: 'Added by staff', post: 'Post renamed' };

/** A redirect's kind in a word or two: what staff choose between. */
export const kindLabel = (redirect: Pick<RedirectView, 'status'>) => (redirect.status === 301 ? 'Permanent' : 'Temporary');

/** How often a redirect was followed, in the words of the list's "Times followed": "Never followed", "Followed once", "Followed 12 times". */
export const hitsLabel = (hits: number) => (hits === 0 ? 'Never followed' : hits === 1 ? 'Followed once' : `Followed ${hits.toLocaleString('en-IE')} times`);
