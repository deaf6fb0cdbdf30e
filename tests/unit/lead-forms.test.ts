import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { birthDateBounds, checkAnswers, schemaFor, type Answers } from '#src/schemas/leads/form-definition.ts';
import { leadForms } from '#src/schemas/leads/index.ts';
import { fieldErrors } from '#src/server/http/envelope.ts';
import { toCsv } from '#src/server/leads/csv.ts';
import { isoDaysFromNow, validAnswers } from '../support/lead-answers.ts';

const errorsOf = (kind: keyof typeof leadForms, answers: Answers) => {
  const result = v.safeParse(schemaFor(leadForms[kind]), answers);
  return result.success ? [] : fieldErrors(result.issues);
};

describe('lead form schemas', () => {
  it('accept a complete request of every kind and keep only the answers the form asks for', () => {
    for (const kind of Object.keys(leadForms) as (keyof typeof leadForms)[]) {
      const result = v.safeParse(schemaFor(leadForms[kind]), { ...validAnswers[kind], injected: '<script>' });
      expect(result.success ? [] : fieldErrors(result.issues), kind).toEqual([]);
      expect(result.success && 'injected' in result.output).toBe(false);
    }
  });

  it('require an answer the form shows only when another answer calls for it', () => {
    expect(errorsOf('van', { ...validAnswers.van, hasConvictions: 'Yes' })).toEqual([{ field: 'convictions', message: 'Add at least 1 conviction' }]);
    expect(errorsOf('van', { ...validAnswers.van, hasConvictions: 'Yes', convictions: [{ date: '2024-03-01', offence: 'Speeding', points: '3' }] })).toEqual(
      [],
    );
    expect(errorsOf('van', { ...validAnswers.van, hasConvictions: 'Yes', convictions: [{ date: isoDaysFromNow(5), offence: '', points: '13' }] })).toEqual([
      { field: 'convictions.0.date', message: 'The date cannot be in the future' },
      { field: 'convictions.0.offence', message: 'Required' },
      { field: 'convictions.0.points', message: 'Must be 12 or less' },
    ]);
    // An answer to a question the form no longer shows is dropped, not stored.
    const result = checkAnswers(leadForms.liability, { ...validAnswers.liability, employersLiability: 'No' });
    expect(result.issues).toEqual([]);
    expect('wageRoll' in result.output).toBe(false);
  });

  it('check formats with the spec’s shared messages', () => {
    expect(
      errorsOf('van', {
        ...validAnswers.van,
        email: 'not-an-email',
        phone: '12',
        eircode: 'ZZZ',
        startDate: isoDaysFromNow(-1),
        county: 'Narnia',
        declaration: false,
      }),
    ).toEqual([
      { field: 'email', message: 'Invalid email address' },
      { field: 'phone', message: 'Invalid phone number' },
      { field: 'county', message: 'Choose one of the options' },
      { field: 'eircode', message: 'Enter an Eircode such as V94 K2D3' },
      { field: 'startDate', message: 'The date cannot be in the past' },
      { field: 'declaration', message: 'You must confirm this to continue' },
    ]);
    expect(errorsOf('van', { ...validAnswers.van, dateOfBirth: '2031-02-30' })).toEqual([{ field: 'dateOfBirth', message: 'Please enter a valid date' }]);
  });

  it('bound a date of birth by the minimum age and the 100 years listed', () => {
    expect(birthDateBounds(17, '2026-11-21')).toEqual({ min: '1910-01-01', max: '2009-11-21' });
    const under17 = checkAnswers(leadForms.van, { ...validAnswers.van, dateOfBirth: '2009-11-22' }, ['proposer'], '2026-11-21');
    expect(under17.issues).toEqual([{ path: ['dateOfBirth'], message: 'Please enter a valid date' }]);
    expect(checkAnswers(leadForms.van, { ...validAnswers.van, dateOfBirth: '2009-11-21' }, ['proposer'], '2026-11-21').issues).toEqual([]);
  });

  it('take a renewal date in this year or next only, as the form lists them', () => {
    const renewal = (renewalDate: string) => checkAnswers(leadForms.renewal, { ...validAnswers.renewal, renewalDate }, ['policy'], '2026-11-21').issues;
    expect(renewal('2026-01-05')).toEqual([]);
    expect(renewal('2027-12-31')).toEqual([]);
    expect(renewal('2028-01-01')).toEqual([{ path: ['renewalDate'], message: 'Please enter a valid date' }]);
    expect(renewal('2025-12-31')).toEqual([{ path: ['renewalDate'], message: 'Please enter a valid date' }]);
  });

  it('check one step at a time, as the form does before moving on', () => {
    const { issues } = checkAnswers(leadForms.van, { firstName: 'Aoife' }, ['proposer']);
    expect(issues.map((issue) => issue.path[0])).toContain('lastName');
    expect(issues.map((issue) => issue.path[0])).not.toContain('registration');
  });
});

describe('CSV export', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', '=HYPERLINK("x")', 'line\nbreak']])).toBe('\uFEFFa,"b,c","say ""hi""","\'=HYPERLINK(""x"")","line\nbreak"\r\n');
  });

  // A spreadsheet whose list separator is ';' (or an import told to split on tabs or commas)
  // would start a new cell after the separator: a formula there must not run.
  it('defuses a formula after a separator inside a cell, and quotes the cell', () => {
    const cell = (value: string) => toCsv([[value]]).slice(1, -2);
    expect(cell("x;=cmd|' /C calc'!A0")).toBe(`"x;'=cmd|' /C calc'!A0"`);
    expect(cell('a,=1')).toBe(`"a,'=1"`);
    expect(cell('a\t=1')).toBe(`"a\t'=1"`);
    expect(cell('a;+1;-2;@SUM(A1)')).toBe(`"a;'+1;'-2;'@SUM(A1)"`);
    expect(cell('\t=1')).toBe(`"'\t'=1"`);
    expect(cell('a;\r=1')).toBe(`"a;'\r=1"`);
  });

  it('leaves ordinary values readable', () => {
    const row = ['Castletroy, Co. Limerick', 'Seán Ryan', '087 123 4567', 'V94 T2X5', '2026-01-31', 'Vans; trucks', 'Limerick', 'A - B'];
    expect(toCsv([row])).toBe('\uFEFF"Castletroy, Co. Limerick",Seán Ryan,087 123 4567,V94 T2X5,2026-01-31,"Vans; trucks",Limerick,A - B\r\n');
  });
});

describe('Eircode answers', () => {
  it('are stored upper-case with one space after the routing key, however they were typed', () => {
    const eircodeOf = (typed: string) => {
      const result = checkAnswers(leadForms.van, { ...validAnswers.van, eircode: typed });
      expect(result.issues).toEqual([]);
      return result.output.eircode;
    };
    expect(eircodeOf('v94k2d3')).toBe('V94 K2D3');
    expect(eircodeOf(' v94 k2d3 ')).toBe('V94 K2D3');
    expect(eircodeOf('d6wfr23')).toBe('D6W FR23');
    expect(eircodeOf('T12 X7Y8')).toBe('T12 X7Y8');
  });
});
