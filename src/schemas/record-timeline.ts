import * as v from 'valibot';
import { NEXT_STEP_MAX } from './follow-up.ts';
import { calendarDate, noControlCharacter } from './fields.ts';
import { limitMessages, messages } from './messages.ts';
import { NOTE_MAX } from './pipeline.ts';

/**
 * A callback's, quote's or renewal's timeline: one feed, newest first, of what happened to it
 * (received, status changes and notes, next steps set, done and cleared, outcomes) and the
 * mails sent about it. One set of rules for the page and the API.
 */

/** What a history entry records: a status change or note, a next step set, done or cleared, or an outcome. */
export const recordEventKinds = ['pipeline', 'next-step-set', 'next-step-done', 'next-step-cleared', 'outcome'] as const;
export type RecordEventKind = (typeof recordEventKinds)[number];

/** The kinds of entry a timeline shows. */
export const timelineEntryTypes = ['received', 'status', 'note', 'next-step-set', 'next-step-done', 'next-step-cleared', 'outcome', 'mail'] as const;
export type TimelineEntryType = (typeof timelineEntryTypes)[number];

/** How many entries one page of a timeline carries. */
export const TIMELINE_PAGE = 25;

/** Where the next page starts: the moment (to the microsecond), the entry's rank among equal moments, and its id. */
const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z~[0-2]~[0-9a-f-]{36}$/;

/** `GET …/timeline/{id}?before=…`: the first page, or the one after the cursor a page answered. */
export const TimelineQuerySchema = v.object({
  before: v.optional(v.pipe(v.string(), v.regex(CURSOR, 'This timeline page is not known. Reload the page.'))),
});

/** One entry; only the fields of its type are filled. */
export const TimelineEntryViewSchema = v.object({
  _id: v.string(),
  type: v.picklist(timelineEntryTypes),
  /** ISO 8601. */
  at: v.string(),
  /** Who did it; null for what the website or the system did. */
  by: v.nullable(v.string()),
  /** A status change's statuses (from is null for the first). */
  fromStatus: v.nullable(v.string()),
  toStatus: v.nullable(v.string()),
  /** The staff's words: a note, or what was said when a step was done, or a lost outcome's detail. */
  note: v.string(),
  /** A next step's words and its due day (YYYY-MM-DD). */
  step: v.string(),
  due: v.nullable(v.string()),
  /** An outcome: quoted (premium in euro as "1250.00", insurer) or lost (the reason). */
  outcome: v.nullable(v.picklist(['quoted', 'lost'])),
  premium: v.nullable(v.string()),
  insurer: v.string(),
  lostReason: v.nullable(v.string()),
  /** A mail: its subject, addresses and where it stands. */
  mail: v.nullable(v.object({ subject: v.string(), to: v.array(v.string()), status: v.picklist(['queued', 'sent', 'failed']) })),
});
export type TimelineEntryView = v.InferOutput<typeof TimelineEntryViewSchema>;

export const TimelineViewSchema = v.object({
  entries: v.array(TimelineEntryViewSchema),
  /** The cursor of the next (older) page, or null at the first thing that happened. */
  next: v.nullable(v.string()),
});
export type TimelineView = v.InferOutput<typeof TimelineViewSchema>;

/** The step the person saw when they marked it done: another step saved meanwhile is not marked done by mistake. */
const seenStep = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'There is no next step to mark done'),
  v.maxLength(NEXT_STEP_MAX, limitMessages.tooLong(NEXT_STEP_MAX)),
);

/**
 * `POST …/next-step-done/{id}`: the step marked done, with what came of it (optional), and the
 * next step booked in the same save (both empty books none).
 */
export const NextStepDoneSchema = v.pipe(
  v.object({
    done: seenStep,
    note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(NOTE_MAX, limitMessages.tooLong(NOTE_MAX)), noControlCharacter), ''),
    nextStep: v.pipe(v.string(), v.trim(), v.maxLength(NEXT_STEP_MAX, limitMessages.tooLong(NEXT_STEP_MAX)), noControlCharacter),
    nextStepDue: v.union(
      [
        v.pipe(
          v.union([v.literal(''), v.null()]),
          v.transform(() => null),
        ),
        calendarDate,
      ],
      messages.invalidDate,
    ),
  }),
  v.forward(
    v.check((input) => input.nextStep !== '' || input.nextStepDue === null, 'Say what the next step is, or clear the date'),
    ['nextStep'],
  ),
);
export type NextStepDoneInput = v.InferOutput<typeof NextStepDoneSchema>;
