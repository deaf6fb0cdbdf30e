import type { OwnerView } from '#src/schemas/pipeline.ts';
import type { PrivacyRequestView } from '#src/schemas/privacy-register.ts';
import type { PrivacyRequestRow } from './queries.ts';

export const toPrivacyRequestView = (row: PrivacyRequestRow, owners: ReadonlyMap<string, OwnerView>): PrivacyRequestView => ({
  _id: row.id,
  reference: row.reference,
  kind: row.kind,
  name: row.name,
  email: row.email,
  receivedOn: row.receivedOn,
  dueOn: row.dueOn,
  extendedMonths: row.extendedMonths,
  extensionReason: row.extensionReason,
  status: row.status,
  owner: row.ownerId ? (owners.get(row.ownerId) ?? null) : null,
  completedAt: row.completedAt?.toISOString() ?? null,
  erasedAt: row.erasedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
