import * as v from 'valibot';
import { calendarDate, noControlCharacter } from './fields.ts';
import { limitMessages, messages } from './messages.ts';

/**
 * What happens next on a callback, quote or renewal (a next step and its due day), how a quote
 * or renewal ended (the premium quoted and the insurer, or why it was lost), and the same
 * person's other records. One set of rules for the back-office's forms and the API.
 */

/** The longest next step: a line such as "Ring back with Aviva price". */
export const NEXT_STEP_MAX = 200;
/** The longest insurer's name and the longest detail of a lost reason. */
export const INSURER_MAX = 100;
export const LOST_DETAIL_MAX = 200;
/** The largest premium taken (euro): a commercial-vehicle policy never comes near it; more is a typing slip. */
export const PREMIUM_MAX = 1_000_000;
/** How many of the same person's other records a page lists. */
export const ALSO_FROM_MAX = 5;

const DUE_MESSAGE = messages.invalidDate;
const WRITE_THE_STEP = 'Say what the next step is, or clear the date';

/** An empty date field (or null) is no due day. */
const emptyIsNull = v.pipe(
  v.union([v.literal(''), v.null()]),
  v.transform(() => null),
);

/** `PUT …/next-step/{id}`: the next step and its due day; both empty clears it. */
export const NextStepSchema = v.pipe(
  v.object({
    nextStep: v.pipe(v.string(), v.trim(), v.maxLength(NEXT_STEP_MAX, limitMessages.tooLong(NEXT_STEP_MAX)), noControlCharacter),
    nextStepDue: v.union([emptyIsNull, calendarDate], DUE_MESSAGE),
  }),
  // A due day alone says nothing to whoever picks the record up.
  v.forward(
    v.check((input) => input.nextStep !== '' || input.nextStepDue === null, WRITE_THE_STEP),
    ['nextStep'],
  ),
);
export type NextStepInput = v.InferOutput<typeof NextStepSchema>;

/** A record's next step as the API shows it ('' and null when there is none). */
export const NextStepViewEntries = {
  nextStep: v.string(),
  /** YYYY-MM-DD, a Dublin day. */
  nextStepDue: v.nullable(v.string()),
};

/** The list filter on next steps: `overdue` is a due day before today (Dublin). */
export const nextStepDueFilters = ['overdue'] as const;

/** Why a quote or renewal was lost, as staff choose it. */
export const lostReasons = ['price', 'cover', 'went-elsewhere', 'no-response', 'other'] as const;
export type LostReason = (typeof lostReasons)[number];
export const LOST_REASON_LABELS: Record<LostReason, string> = {
  price: 'Price',
  cover: 'Cover',
  'went-elsewhere': 'Went elsewhere',
  'no-response': 'No response',
  other: 'Other',
};

/** The statuses whose outcome is a premium and an insurer, and the one whose outcome is a reason. */
export const quotedStatuses = ['quoted', 'won'] as const;
export const LOST_STATUS = 'lost';

const PREMIUM_FORMAT = 'Enter the premium in euro, such as 1250 or 1250.50';
/** Euro and cents: digits, then at most two decimals. */
const AMOUNT = /^\d+(\.\d{1,2})?$/;

/**
 * A premium in euro as typed ("1,250.50", "€1250"): positive, at most two decimals, at most
 * PREMIUM_MAX; stored as "1250.50". Empty is no premium (null).
 */
const premium = v.pipe(
  v.nullable(v.string(PREMIUM_FORMAT)),
  v.transform((typed) => (typed ?? '').replace(/[€,\s]/g, '')),
  v.check((typed) => typed === '' || AMOUNT.test(typed), PREMIUM_FORMAT),
  // Checked only once the amount reads as one, so a typing slip gets one message.
  v.check((typed) => !AMOUNT.test(typed) || Number(typed) > 0, 'The premium must be more than €0'),
  v.check((typed) => !AMOUNT.test(typed) || Number(typed) <= PREMIUM_MAX, `The premium must be at most €${PREMIUM_MAX.toLocaleString('en-IE')}`),
  v.transform((typed) => (typed === '' ? null : Number(typed).toFixed(2))),
);

const shortText = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, limitMessages.tooLong(max)), noControlCharacter);

/** The outcome of a quoted or won request: the premium quoted and the insurer (either may be left empty). */
export const QuotedOutcomeSchema = v.object({
  outcome: v.literal('quoted'),
  premium,
  insurer: shortText(INSURER_MAX),
});

/** The outcome of a lost request: why, chosen from the list, with words of detail ("Other" needs them). */
export const LostOutcomeSchema = v.pipe(
  v.object({
    outcome: v.literal('lost'),
    lostReason: v.picklist(lostReasons, 'Choose why it was lost'),
    lostDetail: shortText(LOST_DETAIL_MAX),
  }),
  v.forward(
    v.check((input) => input.lostReason !== 'other' || input.lostDetail !== '', 'Say why it was lost'),
    ['lostDetail'],
  ),
);

/** `PUT /quotes/outcome/{id}`, `PUT /renewals/outcome/{id}`: one of the two, by `outcome`. */
export const LeadOutcomeSchema = v.variant('outcome', [QuotedOutcomeSchema, LostOutcomeSchema], 'Choose the outcome: quoted or lost');
export type LeadOutcomeInput = v.InferOutput<typeof LeadOutcomeSchema>;

/** Where another record of the same person lives, and what it is. */
export const alsoFromKinds = ['callback', 'van', 'fleet', 'truck', 'liability', 'renewal'] as const;

/** One of the same person's other records (matched by email), as a record's page lists them. */
export const AlsoFromViewSchema = v.object({
  _id: v.string(),
  kind: v.picklist(alsoFromKinds),
  /** A request's reference, or a callback's subject. */
  title: v.string(),
  status: v.string(),
  /** ISO 8601. */
  createdAt: v.string(),
});
export type AlsoFromView = v.InferOutput<typeof AlsoFromViewSchema>;
