/** What a post's slug may be: lower-case ASCII letters and digits in hyphen-separated runs (what `slugify` in src/lib/slugify.ts makes). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
