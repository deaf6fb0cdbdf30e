import { describe, expect, it } from 'vitest';
import { keyFactsOf } from '#src/schemas/leads/answers.ts';
import { leadForms } from '#src/schemas/leads/index.ts';
import { leadKindNames } from '#src/schemas/leads/kinds.ts';
import { validAnswers } from '../support/lead-answers.ts';

const facts = (kind: keyof typeof validAnswers, answers = validAnswers[kind]) =>
  Object.fromEntries(keyFactsOf(leadForms[kind], answers).map((fact) => [fact.label, fact.value]));

describe('a request’s key facts', () => {
  it('read the answers as a broker would say them', () => {
    expect(facts('van')).toMatchObject({
      Van: 'Ford Transit Custom, 2019',
      'Van value': '€21,000',
      Cover: 'Comprehensive',
      Licence: 'Full Irish licence, 14 years',
      'Penalty points': '0',
      'No-claims discount': '6 years, to be protected',
      Claims: '1 claim',
      Convictions: 'None',
    });
    expect(facts('van')['Cover starts']).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  });

  it('leave off what was not given, and count hidden follow-ups as not given', () => {
    const { make: _make, model: _model, ...rest } = validAnswers.van;
    // Claims answered "No" hides the claims themselves, whatever rows a browser left behind.
    const noClaims = facts('van', { ...rest, hasClaims: 'No', ncdProtection: 'No' });
    expect(noClaims.Van).toBe('2019');
    expect(noClaims.Claims).toBe('None');
    expect(noClaims['No-claims discount']).toBe('6 years');
    const noValue = facts('van', { ...validAnswers.van, value: '' });
    expect(noValue).not.toHaveProperty(['Van value']);
  });

  it('exist for every kind of request, every one with a value', () => {
    for (const kind of leadKindNames) {
      const list = keyFactsOf(leadForms[kind], validAnswers[kind]);
      expect(list.length, kind).toBeGreaterThanOrEqual(4);
      for (const fact of list) expect(fact.value, `${kind}: ${fact.label}`).not.toBe('');
    }
  });
});
