import { displayValue, isShown, parseTypedNumber, type Answers, type FieldDef, type LeafField } from '#src/schemas/leads/form-definition.ts';
import { fieldLabel } from '#src/schemas/leads/answers.ts';
import { leadForms, leadKinds, type LeadKind } from '#src/schemas/leads/index.ts';
import type { OwnerView } from '#src/schemas/pipeline.ts';
import type { LeadRow } from './views.ts';

/** One column of the every-answer CSV: its heading, and its cell for a request. */
type Column = { label: string; cell(row: LeadRow): string };

/**
 * Dates stay ISO (YYYY-MM-DD) and amounts plain numbers ("21000", not "€21,000"), so a
 * spreadsheet sorts and adds them; every other answer reads as on the back-office.
 */
function cellOf(field: LeafField, value: unknown): string {
  if ((field.kind === 'date' || field.kind === 'dob') && typeof value === 'string') return value;
  if (field.kind === 'money' && (typeof value === 'string' || typeof value === 'number')) {
    const amount = parseTypedNumber(String(value));
    if (amount !== null) return String(amount);
  }
  return displayValue(field, value);
}

/**
 * The columns of one kind: one per question of its form, in form order. A repeated group (the
 * drivers, the vehicles) has one column per question of the group, each cell listing every
 * entry's answer ("1: …; 2: …"). A question the form did not show for this request is empty.
 */
function kindColumns(kind: LeadKind, prefixed: boolean): Column[] {
  const def = leadForms[kind];
  const heading = (step: string, label: string) => `${prefixed ? `${leadKinds[kind].label}: ` : ''}${step}: ${label}`;
  const mine = (row: LeadRow) => row.kind === kind;
  return def.steps.flatMap((step) =>
    step.fields.flatMap((field: FieldDef): Column[] => {
      if (field.kind !== 'group') {
        return [
          {
            label: heading(step.title, fieldLabel(field, 'staff')),
            cell: (row) => {
              const answers = row.answers as Answers;
              return mine(row) && isShown(field, answers, answers) ? cellOf(field, answers[field.name]) : '';
            },
          },
        ];
      }
      return field.fields.map((sub) => ({
        label: heading(step.title, `${field.label}: ${fieldLabel(sub, 'staff')}`),
        cell: (row) => {
          const answers = row.answers as Answers;
          if (!mine(row) || !isShown(field, answers, answers)) return '';
          const entries = Array.isArray(answers[field.name]) ? (answers[field.name] as Record<string, unknown>[]) : [];
          return entries
            .map((entry, index) => (isShown(sub, entry, answers) ? `${index + 1}: ${cellOf(sub, entry[sub.name]) || '-'}` : ''))
            .filter(Boolean)
            .join('; ');
        },
      }));
    }),
  );
}

/**
 * The second export: every answer, one column per question of each kind the address serves
 * (headed by the kind when there are several), after the request's own columns.
 */
export function answersCsvRows(kinds: readonly LeadKind[], rows: LeadRow[], owners: ReadonlyMap<string, OwnerView>): string[][] {
  const fixed: Column[] = [
    { label: 'Reference', cell: (row) => row.reference },
    { label: 'Kind', cell: (row) => leadKinds[row.kind].label },
    { label: 'Status', cell: (row) => row.status },
    { label: 'Owner', cell: (row) => (row.ownerId ? (owners.get(row.ownerId)?.name ?? '') : '') },
    { label: 'Received', cell: (row) => row.createdAt.toISOString() },
  ];
  const columns = [...fixed, ...kinds.flatMap((kind) => kindColumns(kind, kinds.length > 1))];
  return [columns.map((column) => column.label), ...rows.map((row) => columns.map((column) => column.cell(row)))];
}
