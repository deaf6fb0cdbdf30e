import { describe, expect, it } from 'vitest';
import { answerSections, csvColumns } from '#src/schemas/leads/answers.ts';
import { checkAnswers, displayValue, parseTypedNumber, type LeafField } from '#src/schemas/leads/form-definition.ts';
import { leadForms } from '#src/schemas/leads/index.ts';
import { validAnswers } from '../support/lead-answers.ts';

const field = <K extends LeafField['kind']>(kind: K, extra: Partial<LeafField> = {}) => ({ kind, name: 'x', label: 'X', ...extra }) as LeafField;
const rowsOf = (answers: Record<string, unknown>) => answerSections(leadForms.van, answers as never).flatMap((section) => section.rows);

describe('answers as a person reads them', () => {
  it('money typed as "1,450", "1450" or "€1,450.00" is euros in en-IE, never €NaN', () => {
    const money = field('money');
    for (const typed of ['1,450', '1450', '€1,450.00', ' € 1 450 ']) expect(displayValue(money, typed), typed).toBe('€1,450');
    expect(displayValue(money, '1450000')).toBe('€1,450,000');
    // The one money formatter of the back-office (src/lib/euro.ts): cents only when there are some.
    expect(displayValue(money, '1450.5')).toBe('€1,450.50');
    const renewal = checkAnswers(leadForms.renewal, { currentPremium: '€1,450.00' }).output;
    expect(renewal.currentPremium).toBe('1450');
  });

  it('a year never gets a thousands separator, typed or stored', () => {
    expect(displayValue(field('year'), '2022')).toBe('2022');
    expect(displayValue(field('year'), 2022)).toBe('2022');
    const stored = checkAnswers(leadForms.van, validAnswers.van).output;
    const year = rowsOf({ ...stored, year: '2022' }).find((row) => row.label === 'Year of manufacture');
    expect(year?.value).toBe('2022');
    expect(checkAnswers(leadForms.van, { ...validAnswers.van, year: '2022.5' }).issues).toContainEqual({ path: ['year'], message: 'Enter a number' });
  });

  it('every year question of every form is a year, so mails, the back-office and CSV show it plainly', () => {
    for (const def of Object.values(leadForms)) {
      const leaves = def.steps.flatMap((step) => step.fields.flatMap((item) => (item.kind === 'group' ? item.fields : [item])));
      for (const leaf of leaves.filter((item) => item.name === 'year')) expect(leaf.kind, `${def.kind} ${leaf.label}`).toBe('year');
    }
  });

  it('other numbers keep their separators and unit', () => {
    expect(displayValue(field('number', { unit: 'km' } as Partial<LeafField>), '25000')).toBe('25,000 km');
  });

  it('Eircodes and registrations show upper-case, as typed in the review too', () => {
    expect(displayValue(field('eircode'), 'v94k2d3')).toBe('V94 K2D3');
    expect(displayValue(field('eircode'), 'd6w fr23')).toBe('D6W FR23');
    expect(displayValue(field('registration'), '231-d-12345')).toBe('231-D-12345');
  });

  it('reads numbers as people type them and refuses what is not one', () => {
    expect(parseTypedNumber('1,450')).toBe(1450);
    expect(parseTypedNumber('€1,450.00')).toBe(1450);
    expect(parseTypedNumber('3.5')).toBe(3.5);
    for (const bad of ['', 'abc', '1.2.3', '€', '12a']) expect(parseTypedNumber(bad), bad).toBeNull();
  });
});

describe('answers as staff read them', () => {
  const labels = (reader?: 'visitor' | 'staff') =>
    answerSections(leadForms.van, checkAnswers(leadForms.van, validAnswers.van).output as never, reader).flatMap((section) =>
      section.rows.map((row) => row.label),
    );

  it('name a question by its short staff label on the request’s page, and keep the question for the visitor', () => {
    expect(labels('staff')).toContain('Cover start date');
    expect(labels('staff')).toContain('Claims or accidents (5 years)');
    expect(labels('visitor')).toContain('When should cover start?');
    expect(labels()).toContain('When should cover start?');
  });

  it('leave no question on the staff page, in any form', () => {
    for (const def of Object.values(leadForms)) {
      const leaves = def.steps.flatMap((step) => step.fields.flatMap((item) => (item.kind === 'group' ? [item, ...item.fields] : [item])));
      for (const leaf of leaves) if (leaf.label.endsWith('?')) expect(leaf.staffLabel, `${def.kind} ${leaf.label}`).toBeTruthy();
    }
  });

  it('head the CSV columns with the staff labels', () => {
    expect(csvColumns(leadForms.van).map((column) => column.label)).toContainEqual(expect.stringMatching(/: Cover start date$/));
    expect(csvColumns(leadForms.van).map((column) => column.label)).not.toContainEqual(expect.stringMatching(/\?$/));
  });
});
