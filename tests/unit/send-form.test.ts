// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#src/api/client.ts';
import { forgetSubmission, RESEND, sendForm, submissionKey } from '#src/api/send-form.ts';
import { apiClient } from '#src/api/typed-client.ts';
import type { ContactCreate } from '#src/schemas/contact.ts';

/**
 * The browser's side of a form that survives a lost answer. A real HTTP server on loopback
 * plays the unreliable network: it can drop the connection or answer 503, per request.
 */
type Step = 'drop' | '503' | '400' | '201';
let server: Server;
let base = '';
let script: Step[] = [];
const seen: { key: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ key: request.headers['idempotency-key'] as string | undefined, body });
      const step = script.shift() ?? '201';
      if (step === 'drop') return request.socket.destroy();
      const json = (status: number, payload: object, headers: Record<string, string> = {}) =>
        response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
      if (step === '503') return json(503, { ok: false, message: 'Busy', errors: [] }, { 'retry-after': '3' });
      if (step === '400') return json(400, { ok: false, message: 'Please correct the highlighted fields.', errors: [{ field: 'email', message: 'Required' }] });
      return json(201, { ok: true, message: 'Thank you.', errors: [], contact: { _id: 'c1' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // The client calls the same-origin /api/v1; send it to the loopback server with the real fetch.
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => realFetch(`${base}${url}`, init));
});
afterEach(() => {
  script = [];
  seen.length = 0;
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const key = '4a7c3c8e-2a0b-4c55-9f77-3f3c2a1d9b10';
const input: ContactCreate = { name: 'Aoife', email: 'aoife@example.ie', phone: '0871234567', subject: 'Van', message: 'Hi', humanCheck: 'solved' };
/** The callback form's call through the derived client, with the request options sendForm gives it. */
const sendContact = (options: { headers: Record<string, string> }) => apiClient.contacts.create.$post({ json: input }, options);

describe('sending a public form', () => {
  it('resends under the same key after a dropped connection and a 503, waiting as long as the server asks', async () => {
    script = ['drop', '503', '201'];
    const waits: number[] = [];
    const notices: number[] = [];
    const result = await sendForm(sendContact, {
      key,
      onResend: ({ attempt }) => notices.push(attempt),
      sleep: async (ms) => void waits.push(ms),
    });
    expect(result.contact?._id).toBe('c1');
    expect(seen.map((request) => request.key)).toEqual([key, key, key]);
    expect(new Set(seen.map((request) => request.body))).toEqual(new Set([JSON.stringify(input)]));
    expect(notices).toEqual([1, 2]);
    // 1 s of backoff after the drop; the 503's Retry-After (3 s) beats the 2 s backoff.
    expect(waits).toEqual([1000, 3000]);
  });

  it('gives up after a bounded number of attempts and throws the last failure', async () => {
    script = Array(10).fill('503');
    const error = await sendForm(sendContact, { key, sleep: async () => {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(seen).toHaveLength(RESEND.attempts);
  });

  it('never resends a request the server answered about (a 400)', async () => {
    script = ['400'];
    const error = await sendForm(sendContact, { key, sleep: async () => {} }).catch((caught: unknown) => caught);
    expect((error as ApiError).errors).toEqual([{ field: 'email', message: 'Required' }]);
    expect(seen).toHaveLength(1);
  });
});

describe('the submission key', () => {
  it('stays with the same answers (even after a reload), changes with other answers, and is new after a sent request', () => {
    const first = submissionKey('callback', { name: 'Aoife', message: 'Hi' });
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(submissionKey('callback', { name: 'Aoife', message: 'Hi' })).toBe(first);
    // Session storage holds the key and a fingerprint, never the answers.
    expect(sessionStorage.getItem('submission:callback')).not.toContain('Aoife');
    const changed = submissionKey('callback', { name: 'Aoife', message: 'Hello' });
    expect(changed).not.toBe(first);
    forgetSubmission('callback');
    expect(submissionKey('callback', { name: 'Aoife', message: 'Hello' })).not.toBe(changed);
  });
});
