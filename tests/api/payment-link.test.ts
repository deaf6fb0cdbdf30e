import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent } from '../support/agent.ts';
import { solvedCheck } from '../support/human-check.ts';
import { validAnswers } from '../support/lead-answers.ts';
import { outbox } from '#src/server/db/schema.ts';
import type { LeadKind } from '#src/schemas/leads/index.ts';

/** The card payment provider's link in the renewal confirmation mail, only when PAYMENT_URL is set. */
const PAY = 'https://pay.example.test/shannon?ref=renewals';

async function customerMail(t: TestApp, kind: LeadKind) {
  const visitor = agent(t, '192.0.2.61');
  const path = kind === 'renewal' ? '/api/v1/renewals/create' : `/api/v1/quotes/${kind}/create`;
  const res = await visitor.call('POST', path, { ...validAnswers[kind], humanCheck: await solvedCheck(async (p) => (await t.call('GET', p)).json()) });
  expect(res.status).toBe(201);
  const { lead } = await res.json();
  const mails = await t.test.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.ref, `lead:${lead._id}`));
  return mails.find((mail) => mail.to.includes(String(validAnswers[kind].email)))!;
}

describe('with PAYMENT_URL set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { PAYMENT_URL: PAY } });
  });
  afterAll(() => t.test.drop());

  it('the renewal confirmation offers to pay online by card', async () => {
    const mail = await customerMail(t, 'renewal');
    expect(mail.text).toContain(`pay online by card: ${PAY}`);
    expect(mail.html).toContain(`pay online by card: <a href="${PAY.replaceAll('&', '&amp;')}"`);
  });

  it('a quote confirmation does not (there is nothing to pay yet)', async () => {
    const mail = await customerMail(t, 'van');
    expect(mail.text).not.toContain(PAY);
    expect(mail.html).not.toContain('pay online');
  });
});

describe('without PAYMENT_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.test.drop());

  it('the renewal confirmation has no payment link', async () => {
    const mail = await customerMail(t, 'renewal');
    expect(mail.text).not.toContain('pay online');
    expect(mail.html).not.toContain('pay online');
  });
});
