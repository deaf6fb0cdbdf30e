import { API_TOKEN_PREFIX, type ApiTokenScope, type ApiTokenView } from '#src/schemas/api-token.ts';
import type { ApiTokenRow } from './queries.ts';

export function toApiTokenView(row: ApiTokenRow, now = new Date()): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    start: `${API_TOKEN_PREFIX}${row.lookup}_…`,
    scopes: row.scopes as ApiTokenScope[],
    status: row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active',
    owner: { id: row.userId, name: `${row.ownerFirstName} ${row.ownerLastName}` },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
