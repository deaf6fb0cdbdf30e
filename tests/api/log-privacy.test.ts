import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from 'altcha-lib';
import { startLocalServer, type LocalServer } from '#tools/lib/local-server.ts';
import { serverDatabase } from '../support/server-database.ts';
import { solve } from '#tools/lib/solve-human-check.ts';

/**
 * The real server, logging everything it can (LOG_LEVEL=trace), is sent a callback request
 * and a few requests carrying secrets in their headers: its log is pino JSON lines, the
 * request's line carries the client's X-Request-Id (echoed on the answer), and neither the
 * visitor's email nor phone, nor any secret, is anywhere in what it wrote. Runs on
 * PostgreSQL too when DATABASE_URL is set.
 */
const visitor = {
  name: 'Órlaith Ní Bhriain-Okafor',
  email: 'orlaith.okafor.logtest@example.ie',
  phone: '087 246 8135',
  subject: 'Van insurance',
  message: 'Please ring after five.',
};
const SECRETS = { bearer: 'Bearer log-test-token-9f8e7d6c5b4a', cookie: 'sid=log-test-session-1a2b3c4d5e6f' };

let server: LocalServer;
let database: Awaited<ReturnType<typeof serverDatabase>> | undefined;
let log = '';
let answer: Response;

beforeAll(async () => {
  database = await serverDatabase();
  server = await startLocalServer({ PORT: '4741', DIST_DIR: '/nonexistent', LOG_LEVEL: 'trace', TRUST_PROXY: 'true', ...database.env }, { keepStdout: true });
  try {
    const { challenge } = (await (await fetch(`${server.base}/api/v1/challenge`)).json()) as { challenge: Challenge };
    answer = await fetch(`${server.base}/api/v1/contacts/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'callback-log-test-1', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({ ...visitor, humanCheck: solve(challenge) }),
    });
    // Secrets in headers, and the visitor's email in a query: none of them may reach the log.
    await fetch(`${server.base}/api/v1/contacts/list?q=${encodeURIComponent(visitor.email)}`, {
      headers: { authorization: SECRETS.bearer, cookie: SECRETS.cookie },
    });
  } finally {
    // Stopped before reading: the last lines are written on the way out.
    await server.stop();
  }
  log = server.stdout() + server.stderr();
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('the server log', () => {
  it('is pino JSON lines, one per request, with the request id the client sent', () => {
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-request-id')).toBe('callback-log-test-1');
    const lines = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line).toMatchObject({ level: expect.any(String), time: expect.any(String), msg: expect.any(String) });
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'request', reqId: 'callback-log-test-1', method: 'POST', path: '/api/v1/contacts/create', status: 201 }),
    );
  });

  it('holds neither the visitor’s email nor phone, nor a token or cookie a request carried', () => {
    expect(log).toContain('/api/v1/contacts/list');
    const digits = visitor.phone.replace(/\D/g, '');
    for (const value of [visitor.email, visitor.phone, digits, visitor.name, 'log-test-token', 'log-test-session']) expect(log).not.toContain(value);
    expect(log).not.toContain(encodeURIComponent(visitor.email));
  });
});
