import type { LeadDetailView, LeadView } from '../../schemas/lead-view.ts';
import type { AnswerSection } from '../../schemas/leads/answers.ts';
import type { leads } from '../db/schema.ts';

export type LeadRow = typeof leads.$inferSelect;

export const toLeadView = (row: LeadRow): LeadView => ({
  _id: row.id,
  kind: row.kind,
  reference: row.reference,
  status: row.status,
  name: row.name,
  email: row.email,
  phone: row.phone,
  registration: row.registration,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
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

export const toLeadDetailView = (row: LeadRow, files: LeadDetailView['files'], answers: AnswerSection[], events: EventRow[]): LeadDetailView => ({
  ...toLeadView(row),
  files,
  answers,
  events: events.map((event) => ({
    _id: event.id,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    note: event.note,
    by: event.firstName ? `${event.firstName} ${event.lastName}`.trim() : 'Website',
    createdAt: event.createdAt.toISOString(),
  })),
});
