import { auditChanges } from '../audit-changes.ts';
import type { leads } from '../db/schema.ts';

type LeadRow = typeof leads.$inferSelect;

/**
 * What recording a request's outcome changed: the premium, insurer and reason as its page
 * shows them; a lost request's detail is staff's own words, kept by its length only.
 */
export const outcomeChanges = (before: LeadRow, after: LeadRow) =>
  auditChanges(
    { premium: before.premium, insurer: before.insurer, lostReason: before.lostReason, lostDetail: before.lostDetail },
    { premium: after.premium, insurer: after.insurer, lostReason: after.lostReason, lostDetail: after.lostDetail },
    { text: ['lostDetail'] },
  );

type NextStep = { nextStep: string; nextStepDue: string | null };

/** What a change of next step changed: its due day, and its words by their length (they may name the customer's affairs). */
export const nextStepChanges = (before: NextStep, after: NextStep) =>
  auditChanges(
    { nextStep: before.nextStep, nextStepDue: before.nextStepDue },
    { nextStep: after.nextStep, nextStepDue: after.nextStepDue },
    { text: ['nextStep'] },
  );
