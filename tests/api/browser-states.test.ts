import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser } from '../support/agent.ts';
import { solvedCheck } from '../support/human-check.ts';
import { validAnswers } from '../support/lead-answers.ts';
import { $currentQuote, $currentRenewal, $renewal, $vanQuote, quoteStates } from '#src/api/lead-states.ts';
import { quotes, renewals } from '#src/admin/stores/leads.ts';
import { $posts, fetchPosts, setFilter } from '#src/admin/stores/posts.ts';
import { $utility, recordOutcome } from '#src/admin/stores/ui.ts';
import { signIn, signOut } from '#src/admin/stores/session.ts';
import { loadOccupations, searchAreas } from '#src/islands/lead-form/reference-data.ts';
import type { LeadKind } from '#src/schemas/leads/form-definition.ts';

/**
 * The browser's stores driven through the real browser client against
 * the real app: `fetch` is handed to the in-process server, with a cookie jar like a browser's.
 */
let t: TestApp;
let cookie: string | undefined;
let offline = false;
/** Each request the browser's client sent, as "METHOD path". */
const sent: string[] = [];
const ids: Partial<Record<LeadKind, string>> = {};

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  await createUser(t, { email: 'broker@shannon-insurance.ie', password: 'a long test password' });
  const visitor = agent(t, '192.0.2.90');
  for (const kind of ['van', 'fleet', 'renewal'] as const) {
    const path = kind === 'renewal' ? '/api/v1/renewals/create' : `/api/v1/quotes/${kind}/create`;
    const res = await visitor.call('POST', path, { ...validAnswers[kind], humanCheck: await solvedCheck(async (p) => (await t.call('GET', p)).json()) });
    ids[kind] = (await res.json()).lead._id;
  }
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    if (offline) throw new TypeError('Failed to fetch');
    sent.push(`${init.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`);
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const res = await t.app.request(String(input), { ...init, headers });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0];
    return res;
  });
  await signIn('broker@shannon-insurance.ie', 'a long test password');
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.test.drop();
});

describe('quote and renewal states', () => {
  it('the list action fills one kind’s list when the back-office narrows to it, and the list shows it', async () => {
    quotes.setFilter({ kind: 'van' });
    await quotes.load(0);
    expect(quoteStates.van.get().quotes.map((lead) => lead._id)).toEqual([ids.van]);
    expect(quotes.rows.get().map((lead) => lead._id)).toEqual([ids.van]);
    expect(quoteStates.fleet.get().quotes).toEqual([]);

    quotes.setFilter({});
    await quotes.load(0);
    expect(
      quotes.rows
        .get()
        .map((lead) => lead.kind)
        .sort(),
    ).toEqual(['fleet', 'van']);

    await renewals.load(0);
    expect($renewal.get().renewals.map((lead) => lead._id)).toEqual([ids.renewal]);
    expect(renewals.rows.get()).toBe($renewal.get().renewals);
  });

  it('get and update set the current request of its kind; reset clears it', async () => {
    await quotes.get(ids.fleet!);
    expect(quoteStates.fleet.get().currentQuote?._id).toBe(ids.fleet);
    expect(quotes.current.get()?.answers.length).toBeGreaterThan(0);
    expect(quotes.current.get()).toBe($currentQuote.get());

    await quotes.update(ids.fleet!, { status: 'contacted' });
    expect(quoteStates.fleet.get().currentQuote?.status).toBe('contacted');

    quotes.reset();
    expect($currentQuote.get()).toBeNull();
    expect(quoteStates.fleet.get().currentQuote).toBeNull();

    await renewals.get(ids.renewal!);
    expect($currentRenewal.get()?._id).toBe(ids.renewal);
    renewals.reset();
    expect($currentRenewal.get()).toBeNull();
  });

  it('occupations are set for every quote kind by one shared action; the van form’s town search fills its areas', async () => {
    const occupations = await loadOccupations();
    expect(occupations.length).toBeGreaterThan(10);
    for (const kind of ['van', 'fleet', 'truck', 'liability'] as const) expect(quoteStates[kind].get().occupations).toBe(occupations);

    const towns = await searchAreas('Ennis', new AbortController().signal);
    expect(towns).toContain('Ennis, Co. Clare');
    expect($vanQuote.get().areas).toBe(towns);
  });
});

describe('post search and utility state', () => {
  it('a failed search sets ok, errors and message; a good one clears them', async () => {
    setFilter({ q: 'x'.repeat(201) });
    await fetchPosts(0);
    expect($posts.get().ok).toBe(false);
    expect($posts.get().message).not.toBe('');
    expect($posts.get().errors.length).toBeGreaterThan(0);

    setFilter({ q: 'van' });
    await fetchPosts(0);
    expect($posts.get()).toMatchObject({ ok: true, errors: [] });
  });

  it('a sign-out the server never confirmed is recorded as failed; a confirmed one as done', async () => {
    offline = true;
    expect(await recordOutcome(signOut)).toBe(false);
    expect($utility.get()).toMatchObject({ ok: false, message: 'The server could not be reached. Check your connection and try again.' });
    offline = false;
    expect(await recordOutcome(signOut)).toBe(true);
    expect($utility.get()).toMatchObject({ ok: true, message: 'Logged Out User', errors: [] });
    // A write, as the API's same-origin check expects of it (a GET from another site is refused).
    expect(sent.filter((request) => request.endsWith('/auth/logout'))).toEqual(['POST /api/v1/auth/logout']);
  });
});
