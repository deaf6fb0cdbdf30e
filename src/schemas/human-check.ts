import * as v from 'valibot';

export const HUMAN_CHECK_PENDING = 'Please wait a moment while we check this form is not spam.';
export const HUMAN_CHECK_FAILED = 'The spam check did not pass. Please try sending again.';

/** The solved challenge a public form carries: required, and capped like any other field. */
export const humanCheck = v.pipe(v.string(HUMAN_CHECK_PENDING), v.nonEmpty(HUMAN_CHECK_PENDING), v.maxLength(4000, HUMAN_CHECK_FAILED));
