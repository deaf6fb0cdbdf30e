/**
 * The rules of the pagination control, kept free of React so they can be unit tested.
 *
 * The API speaks zero-based pages; people read one-based ones. Everything the user sees or
 * types is one-based, everything passed to `onPageChange` is zero-based, and these helpers
 * are the only place the two meet.
 */

/** The control is shown only when there is more than one page (specification). */
export function shouldShowPagination(totalPages: number): boolean {
  return totalPages > 1;
}

/** Zero-based page from the API to the one-based page shown to the user. */
export function toDisplayPage(zeroBased: number): number {
  return zeroBased + 1;
}

/** One-based page typed by the user to the zero-based page the API expects. */
export function toZeroBased(oneBased: number): number {
  return oneBased - 1;
}

/**
 * Clamps a one-based page number between 1 and `totalPages` (specification: "Pagination page
 * input is clamped between 1 and total pages"). Fractions are truncated (2.7 is page 2).
 * NaN has no sensible place in the range, so it is treated as the first page; callers that
 * want "leave it where it was" for junk input use `resolvePageInput`. With fewer than one
 * page the only answer is 1.
 */
export function clampPage(input: number, totalPages: number): number {
  const last = Math.max(1, Math.floor(totalPages));
  if (Number.isNaN(input)) return 1;
  const whole = Math.trunc(input);
  return Math.min(last, Math.max(1, whole));
}

/**
 * What the page box means when the user presses Enter or leaves it: the raw text is read as a
 * one-based page and clamped; text that is not a number (including an empty box) resets to
 * the current page. Returns the zero-based page to go to.
 */
export function resolvePageInput(raw: string, currentZeroBased: number, totalPages: number): number {
  const text = raw.trim();
  // Number('') is 0, which would clamp to page 1; an emptied box means "never mind" instead.
  const typed = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(typed)) return currentZeroBased;
  return toZeroBased(clampPage(typed, totalPages));
}

/**
 * A count as a list shows it: exact as it is, or an estimate (more rows than the server
 * counts exactly) as "about" and two significant figures, since the rest would be noise
 * ("about 1,000,000", "about 48,000").
 */
export function countLabel(count: number, estimate = false): string {
  if (!estimate) return String(count);
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, count))) - 1);
  return `about ${(Math.round(count / magnitude) * magnitude).toLocaleString('en-IE')}`;
}
