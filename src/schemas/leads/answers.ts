import { displayValue, isShown, type Answers, type FieldDef, type LeadFormDef } from './form-definition.ts';

/** One of a request's key facts, as its page shows it above the answers. */
export type KeyFactRow = { label: string; value: string };

/** One answer; a repeated group's item (a claim) also keeps its parts, for a screen to lay out as a small table. */
export type AnswerRow = { label: string; value: string; parts?: { label: string; value: string }[] };
export type AnswerSection = { title: string; rows: AnswerRow[] };

/** Who reads the answers: the visitor's own questions (the mails, the person's export), or staff's short names for them (the request's page). */
export type AnswerReader = 'visitor' | 'staff';

/** A field's name as `reader` reads it: staff get its `staffLabel` where the visitor's label is a question. */
export const fieldLabel = (field: Pick<FieldDef, 'label' | 'staffLabel'>, reader: AnswerReader): string =>
  reader === 'staff' && field.staffLabel ? field.staffLabel : field.label;

/** The answers grouped by the form's steps, each as a person reads it (for mails, the back-office and CSV). */
export function answerSections(def: LeadFormDef, answers: Answers, reader: AnswerReader = 'visitor'): AnswerSection[] {
  return def.steps.map((step) => ({
    title: step.staffTitle ?? step.title,
    rows: step.fields.flatMap((field) => rowsOf(field, answers, reader)),
  }));
}

function rowsOf(field: FieldDef, answers: Answers, reader: AnswerReader): AnswerRow[] {
  if (!isShown(field, answers, answers)) return [];
  if (field.kind !== 'group') {
    const value = displayValue(field, answers[field.name]);
    return value ? [{ label: fieldLabel(field, reader), value }] : [];
  }
  const rows = Array.isArray(answers[field.name]) ? (answers[field.name] as Record<string, unknown>[]) : [];
  if (rows.length === 0) return [{ label: field.label, value: 'None' }];
  return rows.map((row, index) => {
    const parts = field.fields
      .filter((sub) => isShown(sub, row, answers))
      .map((sub) => ({
        label: fieldLabel(sub, reader).replace(/\?$/, ''),
        value: displayValue(sub, row[sub.name]) || '-',
      }));
    return { label: `${field.itemLabel} ${index + 1}`, value: parts.map((part) => `${part.label}: ${part.value}`).join('; '), parts };
  });
}

/** One CSV row per lead: the fixed columns, then every answer in form order. */
export function csvColumns(def: LeadFormDef): { key: string; label: string }[] {
  return def.steps.flatMap((step) => step.fields.map((field) => ({ key: field.name, label: `${step.title}: ${fieldLabel(field, 'staff')}` })));
}

/**
 * The request's key facts (the form's `keyFacts`), each from the answers as they read: a field
 * hidden by the visitor's other answers counts as not given, and a repeated group reads as how
 * many items it has ('2 claims', 'None').
 */
export function keyFactsOf(def: LeadFormDef, answers: Answers): KeyFactRow[] {
  const fields = new Map(def.steps.flatMap((step) => step.fields.map((field) => [field.name, field] as const)));
  const answer = (name: string): string => {
    const field = fields.get(name);
    if (!field || !isShown(field, answers, answers)) return '';
    if (field.kind !== 'group') return displayValue(field, answers[name]);
    const count = Array.isArray(answers[name]) ? answers[name].length : 0;
    const noun = field.itemLabel.toLowerCase();
    return count === 0 ? 'None' : `${count} ${count === 1 ? noun : `${noun}s`}`;
  };
  return (def.keyFacts ?? []).map((fact) => ({ label: fact.label, value: fact.value(answer).trim() })).filter((fact) => fact.value !== '');
}
