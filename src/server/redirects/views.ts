import type { RedirectView } from '#src/schemas/redirect.ts';
import type { RedirectRow } from './queries.ts';

export const toRedirectView = (row: RedirectRow): RedirectView => ({
  _id: row.id,
  from: row.fromPath,
  to: row.toPath,
  status: row.status,
  origin: row.origin,
  hits: row.hits,
  lastHitAt: row.lastHitAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
