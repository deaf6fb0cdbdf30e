import type { LeadDetailView, LeadView } from '#src/schemas/lead-view.ts';
import type { AnswerSection, KeyFactRow } from '#src/schemas/leads/answers.ts';
import type { AlsoFromView } from '#src/schemas/follow-up.ts';
import type { OwnerView } from '#src/schemas/pipeline.ts';
import type { leads } from '../db/schema.ts';

export type LeadRow = typeof leads.$inferSelect;

/** The renewal date its answers hold, when it is a date. */
const renewalDateOf = (row: LeadRow): string | null => {
  const value = row.kind === 'renewal' ? row.answers.renewalDate : undefined;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
};

/** An answer the form keeps as text, or '' (a field the kind does not ask, or left empty). */
const answerText = (row: LeadRow, name: string): string => {
  const value = row.answers[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** The current premium the form stored ("1450", whole euro), when it is an amount. */
const currentPremiumOf = (row: LeadRow): string | null => {
  const value = answerText(row, 'currentPremium');
  return /^\d{1,9}(\.\d{1,2})?$/.test(value) ? value : null;
};

/** The row as lists show it; `owners` names the staff members a page of rows is assigned to. */
export const toLeadView = (row: LeadRow, owners?: ReadonlyMap<string, OwnerView>): LeadView => ({
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
  owner: row.ownerId ? (owners?.get(row.ownerId) ?? null) : null,
  renewalDate: renewalDateOf(row),
  nextStep: row.nextStep,
  nextStepDue: row.nextStepDue,
  premium: row.premium,
  insurer: row.insurer,
  lostReason: row.lostReason,
  lostDetail: row.lostDetail,
  currentPremium: currentPremiumOf(row),
  currentInsurer: answerText(row, 'currentInsurer'),
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

export const toLeadDetailView = (
  row: LeadRow,
  files: LeadDetailView['files'],
  answers: AnswerSection[],
  keyFacts: KeyFactRow[],
  events: EventRow[],
  alsoFrom: AlsoFromView[],
  owners?: ReadonlyMap<string, OwnerView>,
): LeadDetailView => ({
  ...toLeadView(row, owners),
  files,
  keyFacts,
  answers,
  events: events.map((event) => ({
    _id: event.id,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    note: event.note,
    by: event.firstName ? `${event.firstName} ${event.lastName}`.trim() : 'Website',
    createdAt: event.createdAt.toISOString(),
  })),
  alsoFrom,
});
