import * as v from 'valibot';
import { calendarDate, email, noControlCharacter, requiredText, searchText } from './fields.ts';
import { todayInIreland } from './leads/form-definition.ts';
import { limitMessages, messages } from './messages.ts';
import { ListPagingSchema } from './paging.ts';
import { OwnerViewSchema, optionalFilter } from './pipeline.ts';

/**
 * The register of data-subject requests: each request a person makes about their data, when
 * it came in and by when it must be answered. GDPR article 12(3): within one month of
 * receipt, extended once by up to two further months where the request is complex or one of
 * many, with the person told why. The forms and the API check these schemas.
 */

export const privacyRequestKinds = ['access', 'erasure', 'rectification', 'objection', 'other'] as const;
export type PrivacyRequestKind = (typeof privacyRequestKinds)[number];

/** What the person asked for, with the article that gives the right. */
export const PRIVACY_KIND_LABELS: Record<PrivacyRequestKind, string> = {
  access: 'Access (Art. 15)',
  erasure: 'Erasure (Art. 17)',
  rectification: 'Rectification (Art. 16)',
  objection: 'Objection (Art. 21)',
  other: 'Other',
};

/** The kind in a word, for a list's narrow column. */
export const PRIVACY_KIND_SHORT: Record<PrivacyRequestKind, string> = {
  access: 'Access',
  erasure: 'Erasure',
  rectification: 'Rectification',
  objection: 'Objection',
  other: 'Other',
};

export const privacyRequestStatuses = ['open', 'completed', 'refused'] as const;
export type PrivacyRequestStatus = (typeof privacyRequestStatuses)[number];

/** How many months the one extension may add (article 12(3): up to two further months). */
export const EXTENSION_MONTHS_MAX = 2;
/** The prefix of a register reference: PR-2026-000001. */
export const PRIVACY_REFERENCE_PREFIX = 'PR';
export const PRIVACY_NAME_MAX = 200;
export const PRIVACY_NOTE_MAX = 2000;
export const EXTENSION_REASON_MAX = 500;

/** A requester's name and email once their data is erased: the register keeps the rest. */
export const ERASED = 'Erased';

export const PRIVACY_MESSAGES = {
  kind: 'Choose what the person asked for',
  status: 'Choose open, completed or refused',
  futureDay: 'The day it was received cannot be later than today',
  extensionMonths: `Choose one or ${EXTENSION_MONTHS_MAX} further months`,
  extensionReason: 'Say why more time is needed: the person must be told the reason',
  nothingToChange: 'Change the status or the owner, or write a note, first',
  refusalReason: 'Say in the note why the request is refused: the person must be told the reason',
  noteRequired: 'Write the note first',
  due: 'Choose overdue or due within 7 days',
  sort: 'Choose open first or newest first',
} as const;

const note = v.pipe(v.string(), v.trim(), v.maxLength(PRIVACY_NOTE_MAX, limitMessages.tooLong(PRIVACY_NOTE_MAX)), noControlCharacter);

const receivedOn = v.pipe(
  v.string(messages.invalidDate),
  v.trim(),
  calendarDate,
  // Dublin's today, in the browser and on the server alike.
  v.check((day) => day <= todayInIreland(), PRIVACY_MESSAGES.futureDay),
);

/** The form "Log a request" and `POST /privacy/requests/create`. */
export const PrivacyRequestCreateSchema = v.object(
  {
    kind: v.picklist(privacyRequestKinds, PRIVACY_MESSAGES.kind),
    name: requiredText(PRIVACY_NAME_MAX),
    email,
    receivedOn,
    note: v.optional(note, ''),
  },
  'Send the kind, the person’s name and email, and the day it was received',
);
export type PrivacyRequestCreate = v.InferOutput<typeof PrivacyRequestCreateSchema>;
export type PrivacyRequestCreateValues = v.InferInput<typeof PrivacyRequestCreateSchema>;

/** An owner as a select holds it: a staff member's id, or '' (or null) for nobody. */
const ownerChoice = v.pipe(
  v.nullable(v.union([v.literal(''), v.pipe(v.string(), v.uuid('Choose a member of staff'))], 'Choose a member of staff')),
  v.transform((value) => (value ? value : null)),
);

/**
 * The request page's stage bar and owner, and `PUT /privacy/requests/update/{id}`: only what
 * changed is sent. `note` is a note added with the change, never a replacement: refusing needs
 * one, the reason the person is told.
 */
export const PrivacyRequestUpdateSchema = v.pipe(
  v.object(
    {
      status: v.optional(v.picklist(privacyRequestStatuses, PRIVACY_MESSAGES.status)),
      ownerId: v.optional(ownerChoice),
      note: v.optional(note),
    },
    'Send the status, the owner or the note',
  ),
  v.check((input) => input.status !== undefined || input.ownerId !== undefined || input.note !== undefined, PRIVACY_MESSAGES.nothingToChange),
  v.forward(
    v.check((input) => input.status !== 'refused' || (input.note ?? '') !== '', PRIVACY_MESSAGES.refusalReason),
    ['note'],
  ),
);
export type PrivacyRequestUpdate = v.InferOutput<typeof PrivacyRequestUpdateSchema>;
export type PrivacyRequestUpdateValues = v.InferInput<typeof PrivacyRequestUpdateSchema>;

/**
 * The request page's "Add note" form and `POST /privacy/requests/notes/{id}`: one note added to
 * the request's history, never changed afterwards.
 */
export const PrivacyNoteCreateSchema = v.object(
  {
    note: v.pipe(
      v.string(PRIVACY_MESSAGES.noteRequired),
      v.trim(),
      v.nonEmpty(PRIVACY_MESSAGES.noteRequired),
      v.maxLength(PRIVACY_NOTE_MAX, limitMessages.tooLong(PRIVACY_NOTE_MAX)),
      noControlCharacter,
    ),
  },
  'Send the note',
);
export type PrivacyNoteCreate = v.InferOutput<typeof PrivacyNoteCreateSchema>;
export type PrivacyNoteCreateValues = v.InferInput<typeof PrivacyNoteCreateSchema>;

/** The form "Extend the deadline" and `POST /privacy/requests/extend/{id}`: once, by one or two months, with the reason. */
export const PrivacyRequestExtendSchema = v.object(
  {
    // A select's value is text; the API takes the number too.
    months: v.pipe(
      v.union([v.literal(1), v.literal(2), v.literal('1'), v.literal('2')], PRIVACY_MESSAGES.extensionMonths),
      v.transform((months) => Number(months) as 1 | 2),
    ),
    reason: v.pipe(
      v.string(PRIVACY_MESSAGES.extensionReason),
      v.trim(),
      v.nonEmpty(PRIVACY_MESSAGES.extensionReason),
      v.maxLength(EXTENSION_REASON_MAX, limitMessages.tooLong(EXTENSION_REASON_MAX)),
      noControlCharacter,
    ),
  },
  'Send the further months and the reason',
);
export type PrivacyRequestExtend = v.InferOutput<typeof PrivacyRequestExtendSchema>;
export type PrivacyRequestExtendValues = v.InferInput<typeof PrivacyRequestExtendSchema>;

/** `overdue`: open past its due date; `soon`: open, due today or within 7 days, not yet overdue (the two never overlap). */
export const privacyDueFilters = ['overdue', 'soon'] as const;
/** How many days ahead "due soon" looks. */
export const DUE_SOON_DAYS = 7;

/**
 * `GET /privacy/requests?status=&kind=&due=&q=&sort=`: words in the name or the reference (never
 * an email: an address in a URL ends up in logs). Open requests first, soonest due, unless
 * `sort=newest`.
 */
export const PrivacyRequestFilterSchema = v.object({
  status: optionalFilter(v.picklist(privacyRequestStatuses), PRIVACY_MESSAGES.status),
  kind: optionalFilter(v.picklist(privacyRequestKinds), PRIVACY_MESSAGES.kind),
  due: optionalFilter(v.picklist(privacyDueFilters), PRIVACY_MESSAGES.due),
  q: optionalFilter(searchText, 'Search for text'),
  sort: optionalFilter(v.picklist(['due', 'newest']), PRIVACY_MESSAGES.sort),
});
/** How many open requests each of the register's views holds, sent with every page (the register is small: counted exactly). */
export const PrivacyViewCountsSchema = v.object({ open: v.number(), soon: v.number(), overdue: v.number() });
export type PrivacyViewCounts = v.InferOutput<typeof PrivacyViewCountsSchema>;

/** An open request the dashboard names: overdue or due within DUE_SOON_DAYS days. */
export const PrivacyDueItemSchema = v.object({ _id: v.string(), reference: v.string(), kind: v.picklist(privacyRequestKinds), dueOn: v.string() });

/** What the dashboard says of the register: how many are due soon (not yet overdue) and overdue, and the soonest few by name. */
export const PrivacyDueSchema = v.object({ soon: v.number(), overdue: v.number(), items: v.array(PrivacyDueItemSchema) });
export type PrivacyDue = v.InferOutput<typeof PrivacyDueSchema>;

export const PrivacyRequestListQuerySchema = v.object({ ...ListPagingSchema.entries, ...PrivacyRequestFilterSchema.entries });

export const PrivacyRequestViewSchema = v.object({
  _id: v.string(),
  reference: v.string(),
  kind: v.picklist(privacyRequestKinds),
  /** 'Erased' once the person's data was erased. */
  name: v.string(),
  email: v.string(),
  receivedOn: v.string(),
  dueOn: v.string(),
  /** 0, or the months the one extension added, with its reason. */
  extendedMonths: v.number(),
  extensionReason: v.string(),
  status: v.picklist(privacyRequestStatuses),
  owner: v.nullable(OwnerViewSchema),
  completedAt: v.nullable(v.string()),
  erasedAt: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type PrivacyRequestView = v.InferOutput<typeof PrivacyRequestViewSchema>;
