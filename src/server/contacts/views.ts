import type { ContactDetailView, ContactView } from '#src/schemas/contact-view.ts';
import type { AlsoFromView } from '#src/schemas/follow-up.ts';
import type { OwnerView } from '#src/schemas/pipeline.ts';
import type { contacts } from '../db/schema.ts';

export type ContactRow = typeof contacts.$inferSelect;

/** The row as the API shows it; `owners` names the staff members a page of rows is assigned to. */
export const toContactView = (row: ContactRow, owners?: ReadonlyMap<string, OwnerView>): ContactView => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  subject: row.subject,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  status: row.status,
  owner: row.ownerId ? (owners?.get(row.ownerId) ?? null) : null,
  updatedAt: row.updatedAt.toISOString(),
  nextStep: row.nextStep,
  nextStepDue: row.nextStepDue,
});

type EventRow = {
  id: string;
  fromStatus: string | null;
  toStatus: string | null;
  note: string;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
};

export const toContactDetailView = (
  row: ContactRow,
  owners: ReadonlyMap<string, OwnerView>,
  events: EventRow[],
  alsoFrom: AlsoFromView[],
): ContactDetailView => ({
  ...toContactView(row, owners),
  events: events.map((event) => ({
    _id: event.id,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    note: event.note,
    // A note by someone since deleted keeps its words; who wrote it is no longer known.
    by: event.firstName ? `${event.firstName} ${event.lastName}`.trim() : 'A former member of staff',
    createdAt: event.createdAt.toISOString(),
  })),
  alsoFrom,
});

/** The CSV of callbacks: the spec's columns (Created On as ISO 8601), then the pipeline's. */
export function contactCsvRows(rows: ContactRow[], owners: ReadonlyMap<string, OwnerView>): string[][] {
  const header = ['Name', 'Email', 'Phone', 'Subject', 'Message', 'Created On', 'Status', 'Owner'];
  return [
    header,
    ...rows.map((row) => [
      row.name,
      row.email,
      row.phone,
      row.subject,
      row.message,
      row.createdAt.toISOString(),
      row.status,
      row.ownerId ? (owners.get(row.ownerId)?.name ?? '') : '',
    ]),
  ];
}
