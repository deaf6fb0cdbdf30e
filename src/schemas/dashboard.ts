import * as v from 'valibot';
import { ViewCountsSchema } from './pipeline.ts';
import { contactStatuses } from './contact-statuses.ts';
import { leadStatuses } from './leads/index.ts';
import { PrivacyDueSchema } from './privacy-register.ts';

/** The dashboard's three kinds of enquiry, in the order it shows them. */
export const dashboardAreas = ['callbacks', 'quotes', 'renewals'] as const;
export type DashboardArea = (typeof dashboardAreas)[number];

/** How many days the requests-per-day chart covers, today included. */
export const DASHBOARD_CHART_DAYS = 90;
/** How far ahead the dashboard lists renewals falling due. */
export const RENEWALS_DUE_DAYS = 30;

const PeriodCountsSchema = v.object({
  today: v.number(),
  week: v.number(),
  month: v.number(),
  /** The same days of the week before (its Monday up to today's weekday): what this week is compared with. */
  weekBefore: v.number(),
});
const StatusCountsSchema = v.object(
  Object.fromEntries(leadStatuses.map((status) => [status, v.number()])) as Record<(typeof leadStatuses)[number], v.NumberSchema<undefined>>,
);
const CallbackStatusCountsSchema = v.object(
  Object.fromEntries(contactStatuses.map((status) => [status, v.number()])) as Record<(typeof contactStatuses)[number], v.NumberSchema<undefined>>,
);
const DueRenewalSchema = v.object({ _id: v.string(), reference: v.string(), name: v.string(), renewalDate: v.string() });
const AttentionItemSchema = v.object({
  _id: v.string(),
  area: v.picklist(dashboardAreas),
  reference: v.string(),
  name: v.string(),
  createdAt: v.string(),
});

/** A next step due today or before, on any record (a callback's reference is the word Callback). */
const FollowUpSchema = v.object({
  ...AttentionItemSchema.entries,
  nextStep: v.string(),
  /** YYYY-MM-DD. */
  nextStepDue: v.string(),
  /** The owner's name, null when nobody owns the record. */
  owner: v.nullable(v.string()),
  /** Whether the signed-in person owns it (theirs come first). */
  mine: v.boolean(),
});
export type FollowUpView = v.InferOutput<typeof FollowUpSchema>;

const PipelineFigureSchema = v.object({ count: v.number(), priced: v.number(), total: v.string() });
export type PipelineFigure = v.InferOutput<typeof PipelineFigureSchema>;

export const DashboardViewSchema = v.object({
  /** Dublin's calendar date today, and the starts of this week (Monday) and month, as YYYY-MM-DD: the lists' `from` filter. */
  today: v.string(),
  weekStart: v.string(),
  monthStart: v.string(),
  newRequests: v.object({ callbacks: PeriodCountsSchema, quotes: PeriodCountsSchema, renewals: PeriodCountsSchema }),
  statusCounts: v.object({ callbacks: CallbackStatusCountsSchema, quotes: StatusCountsSchema, renewals: StatusCountsSchema }),
  /**
   * Each area's list views for the signed-in person (Mine, Unassigned, New, Overdue), counted as the
   * lists count them: what the cards show beside the week's arrivals, each one click from its view.
   */
  views: v.object({ callbacks: ViewCountsSchema, quotes: ViewCountsSchema, renewals: ViewCountsSchema }),
  /** One entry per Dublin day, oldest first, DASHBOARD_CHART_DAYS long. */
  perDay: v.array(v.object({ day: v.string(), callbacks: v.number(), quotes: v.number(), renewals: v.number() })),
  renewalsDue: v.object({ total: v.number(), items: v.array(DueRenewalSchema) }),
  /** New and untouched (no status change or note) for more than a working day. */
  attention: v.object({ total: v.number(), items: v.array(AttentionItemSchema) }),
  /** Next steps due today or overdue: the signed-in person's first, then the soonest due; `mine` counts theirs. */
  followUps: v.object({ total: v.number(), mine: v.number(), items: v.array(FollowUpSchema) }),
  /**
   * This month's pipeline value (Dublin's month): the quotes and renewals moved to quoted this
   * month and still quoted or since won, and those moved to won and still won; how many, how
   * many have a premium recorded, and the sum of those premiums in euro ("12500.00").
   */
  pipelineValue: v.object({ quoted: PipelineFigureSchema, won: PipelineFigureSchema }),
  /** Administrators only (null for others): open privacy requests overdue or due within 7 days, the soonest by reference. */
  privacyDue: v.nullable(PrivacyDueSchema),
});
export type DashboardView = v.InferOutput<typeof DashboardViewSchema>;
