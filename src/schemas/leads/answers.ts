import { displayValue, isShown, type Answers, type FieldDef, type LeadFormDef } from './form-definition.ts';

export type AnswerSection = { title: string; rows: { label: string; value: string }[] };

/** The answers grouped by the form's steps, each as a person reads it (for mails, the back-office and CSV). */
export function answerSections(def: LeadFormDef, answers: Answers): AnswerSection[] {
  return def.steps.map((step) => ({
    title: step.staffTitle ?? step.title,
    rows: step.fields.flatMap((field) => rowsOf(field, answers)),
  }));
}

function rowsOf(field: FieldDef, answers: Answers): { label: string; value: string }[] {
  if (!isShown(field, answers, answers)) return [];
  if (field.kind !== 'group') {
    const value = displayValue(field, answers[field.name]);
    return value ? [{ label: field.label, value }] : [];
  }
  const rows = Array.isArray(answers[field.name]) ? (answers[field.name] as Record<string, unknown>[]) : [];
  if (rows.length === 0) return [{ label: field.label, value: 'None' }];
  return rows.map((row, index) => ({
    label: `${field.itemLabel} ${index + 1}`,
    value: field.fields
      .filter((sub) => isShown(sub, row, answers))
      .map((sub) => `${sub.label.replace(/\?$/, '')}: ${displayValue(sub, row[sub.name]) || '-'}`)
      .join('; '),
  }));
}

/** One CSV row per lead: the fixed columns, then every answer in form order. */
export function csvColumns(def: LeadFormDef): { key: string; label: string }[] {
  return def.steps.flatMap((step) => step.fields.map((field) => ({ key: field.name, label: `${step.title}: ${field.label}` })));
}
