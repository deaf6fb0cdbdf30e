import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestApp } from '#tests/support/app.ts';
import { routeBrowserFetch } from '#tests/support/browser-fetch.ts';
import { solvedCheck } from '#tests/support/human-check.ts';
import { validAnswers } from '#tests/support/lead-answers.ts';
import { $currentQuote, $renewal, $vanQuote, quoteStates, resetCurrentLead } from '#src/api/lead-states.ts';
import { createLeadFormStore } from '#src/islands/lead-form/lead-form-store.ts';
import { leadForms } from '#src/schemas/leads/index.ts';

/**
 * The quote form's send, as the lead-form store does it against the real app: create (docs/fixed-by-the-spec.md)
 * sets the current quote before the page leaves for the thank-you page, and the server's field
 * errors land on their fields, with the form back at the first step that has one.
 */
let t: TestApp;
const check = () => solvedCheck(async (path) => (await t.call('GET', path)).json());

beforeAll(async () => {
  t = await makeTestApp();
  routeBrowserFetch(t, '192.0.2.91');
}, 180_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.test.drop();
});
beforeEach(() => {
  resetCurrentLead('quotes');
  resetCurrentLead('renewals');
});

const atReview = (kind: 'van' | 'renewal', answers = validAnswers[kind]) => {
  const store = createLeadFormStore(leadForms[kind], answers);
  store.goTo(leadForms[kind].steps.length);
  return store;
};

describe('sending a quote request from the form', () => {
  it('create sets the current van quote before the page goes to the thank-you page with its reference', async () => {
    const store = atReview('van');
    const seen: { url: string; current: ReturnType<typeof $currentQuote.get> }[] = [];
    const failure = await store.send(await check(), (url) => seen.push({ url, current: $vanQuote.get().currentQuote }));
    expect(failure).toBeNull();
    expect(seen).toHaveLength(1);
    const [{ url, current }] = seen as [(typeof seen)[number]];
    expect(current).toMatchObject({ kind: 'van', status: 'new', name: 'Aoife Byrne' });
    expect(url).toBe(`/quote-thank-you?ref=${current?.reference}`);
    expect($currentQuote.get()).toBe(current);
    expect(quoteStates.fleet.get().currentQuote).toBeNull();
    expect(store.get().sending).toBe(true);
  });

  it('a renewal’s create sets the current renewal', async () => {
    const navigate = vi.fn();
    expect(await atReview('renewal').send(await check(), navigate)).toBeNull();
    expect($renewal.get().currentRenewal).toMatchObject({ kind: 'renewal' });
    expect(navigate).toHaveBeenCalledWith(`/renewal-thank-you?ref=${$renewal.get().currentRenewal?.reference}`);
  });

  it('the server’s field errors go on their fields and the form returns to the first step with one', async () => {
    const { email: _email, ...answers } = validAnswers.van;
    const store = atReview('van', answers);
    const navigate = vi.fn();
    const failure = await store.send(await check(), navigate);
    expect(navigate).not.toHaveBeenCalled();
    expect(failure).toEqual({ message: expect.any(String), checkRefused: false });
    const state = store.get();
    expect(state.serverErrors.email).toBeTruthy();
    expect(state.touched).toContain('email');
    expect(state.step).toBe(leadForms.van.steps.findIndex((step) => step.fields.some((field) => field.name === 'email')));
    expect(state).toMatchObject({ sending: false, resending: false });
    expect($currentQuote.get()).toBeNull();
  });

  it('a refused human check says so, so the form solves a new one, and stays on the review', async () => {
    const store = atReview('van');
    const failure = await store.send('not a solved check', vi.fn());
    expect(failure?.checkRefused).toBe(true);
    expect(store.get()).toMatchObject({ step: leadForms.van.steps.length, sending: false });
  });
});
