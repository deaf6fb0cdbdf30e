/** Pure rules shared by the form controls, kept free of React so they can be unit tested. */

/**
 * The error a field should show right now. Specification: "Errors show only after a field is
 * touched (or during async validation)", so a fresh form is not covered in red before the
 * user has typed anything. An empty or blank message counts as no error.
 */
export function visibleError(error: string | null | undefined, touched: boolean, validating: boolean = false): string | undefined {
  if (!error || error.trim() === '') return undefined;
  return touched || validating ? error : undefined;
}

/**
 * Joins element ids for `aria-describedby`, skipping missing ones; `undefined` when none is
 * left, so React leaves the attribute out rather than writing an empty one.
 */
export function joinIds(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string' && id.trim() !== '');
  return present.length > 0 ? present.join(' ') : undefined;
}
