import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_BODY_TOO_LONG, POST_LIMITS } from '#src/schemas/post.ts';
import { TOO_COMPLEX } from '#src/server/posts/render-markdown.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { latencyProbe } from '../support/latency-probe.ts';

/**
 * Markdown built to be slow to parse must not stall the server: each text below is sent to
 * the preview while another thread asks /api/v1/health over a real socket. Before, marked
 * took 5 to 8 s on 24 KB of `[_a` (the health check waited as long) and overflowed its stack
 * on 5,000 `>` (a 500).
 */
let t: TestApp;
let staff: Agent;
let server: ServerType;
let healthUrl: string;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  await createUser(t, { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
  staff = agent(t);
  await staff.call('POST', '/api/v1/auth/login', { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
  await new Promise<void>((listening) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      healthUrl = `http://127.0.0.1:${info.port}/api/v1/health`;
      listening();
    });
  });
});
afterAll(async () => {
  await new Promise((closed) => server.close(closed));
  await t.test.drop();
});

const repeat = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
const cap = POST_LIMITS.body;

/** Worst cases for one parser or another, each as long as a post may be. */
const hostile: [string, string][] = [
  ['24 KB of [_a', repeat('[_a', 24_000)],
  ['> × 5,000', '>'.repeat(5000)],
  ['> × the cap', '>'.repeat(cap)],
  ['"> " × the cap', repeat('> ', cap)],
  ['[_a × the cap', repeat('[_a', cap)],
  ['*a_ × the cap (71 s in marked at 40 KB)', repeat('*a_', cap)],
  ['_a × the cap', repeat('_a', cap)],
  ['__a × the cap', repeat('__a', cap)],
  ['* runs', repeat('*', cap)],
  ['**a × the cap', repeat('**a', cap)],
  [
    'backtick runs of growing length',
    Array.from({ length: 240 }, (_, i) => `${'`'.repeat(i + 1)}a`)
      .join('')
      .slice(0, cap),
  ],
  ['[ × the cap', '['.repeat(cap)],
  ['nested brackets and links', repeat('[a](', cap)],
  ['![ × the cap', repeat('![', cap)],
  ['nested ordered lists', repeat('1. ', cap)],
  ['nested bullet lists', repeat('- ', cap)],
  [
    'lists indented ever deeper',
    Array.from({ length: 170 }, (_, i) => `${' '.repeat(i * 2)}- a`)
      .join('\n')
      .slice(0, cap),
  ],
  ['< runs', repeat('a<', cap)],
];

/**
 * On a machine shared with other work, a health check can miss 200 ms for reasons of its own;
 * a stalled server misses it every time (by seconds), so a timed test gets a few attempts.
 */
const timed = { retry: 3 };

describe('rendering Markdown never stalls the server', () => {
  it.each(hostile)('%s: answers without a 500 while /api/v1/health answers in under 200 ms', timed, async (_name, body) => {
    const health = (await latencyProbe(healthUrl)).measureAfter(20);
    const res = await staff.call('POST', '/api/v1/posts/preview', { body });
    const { status, ms } = await health;
    expect(status).toBe(200);
    expect(ms).toBeLessThan(200);
    // A text too slow to render is refused with a reason; on an idle machine all of these render.
    expect([200, 400]).toContain(res.status);
    const json = (await res.json()) as { ok: boolean; message: string; html?: string };
    if (res.status === 400) expect(json.message).toBe(TOO_COMPLEX);
    else expect(typeof json.html).toBe('string');
  });

  it('renders 5,000 nested quotes as quotes', async () => {
    const res = await staff.call('POST', '/api/v1/posts/preview', { body: '>'.repeat(5000) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { html: string }).html).toContain('<blockquote>');
  });

  it('refuses a body over the cap, for the preview, create and update, with the reason', async () => {
    const body = repeat('[_a', 64_000);
    const preview = await staff.call('POST', '/api/v1/posts/preview', { body });
    expect(preview.status).toBe(400);
    expect(await preview.json()).toMatchObject({ ok: false, errors: [{ field: 'body', message: POST_BODY_TOO_LONG }] });
    const created = await staff.call('POST', '/api/v1/posts/create', { title: 'Too long', body });
    expect(created.status).toBe(400);
    expect(await created.json()).toMatchObject({ errors: [{ field: 'body', message: POST_BODY_TOO_LONG }] });
    const ok = await staff.call('POST', '/api/v1/posts/create', { title: 'Just right', body: repeat('Plain words. ', cap) });
    expect(ok.status).toBe(201);
    const { post } = (await ok.json()) as { post: { _id: string } };
    const updated = await staff.call('PUT', `/api/v1/posts/update/${post._id}`, { title: 'Just right', body: `${body}x` });
    expect(updated.status).toBe(400);
  });

  let quotes: string | undefined;
  it('creates and updates a post whose body is a worst case, quickly and without a 500', timed, async () => {
    if (!quotes) {
      const created = await staff.call('POST', '/api/v1/posts/create', { title: 'Quotes', body: '>'.repeat(5000) });
      expect(created.status).toBe(201);
      quotes = ((await created.json()) as { post: { _id: string } }).post._id;
    }
    const health = (await latencyProbe(healthUrl)).measureAfter(20);
    const updated = await staff.call('PUT', `/api/v1/posts/update/${quotes}`, { title: 'Quotes', body: repeat('*a_', cap) });
    expect(updated.status).toBe(200);
    expect((await health).ms).toBeLessThan(200);
  });
});
