/**
 * Where the browser finds the API. `PUBLIC_API_BASE` is read at build time; the default, and
 * any value naming localhost (a developer's machine), is the relative path,
 * so the pages call the server that served them.
 */
export const DEFAULT_API_BASE = '/api/v1';

export function resolveApiBase(configured: string | undefined): string {
  const base = configured?.trim().replace(/\/+$/, '') ?? '';
  if (!base || base.includes('localhost')) return DEFAULT_API_BASE;
  return base;
}

/** The origin a configured absolute base lives on (for the CSP's connect-src), or null for a path. */
export function apiOrigin(base: string): string | null {
  return /^https?:\/\//.test(base) ? new URL(base).origin : null;
}
