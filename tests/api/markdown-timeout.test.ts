import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { type Agent, signedInAs } from '../support/agent.ts';
import { TOO_COMPLEX } from '#src/server/posts/render-markdown.ts';

// The real renderer, with a time limit short enough that the slowest known text always runs past it.
// Short texts keep the usual limit, so a busy machine cannot push an ordinary post past 20 ms.
vi.mock('#src/server/posts/render-markdown.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('#src/server/posts/render-markdown.ts')>();
  const strict = original.createMarkdownRenderer({ timeLimitMs: 20 });
  return { ...original, renderMarkdown: (markdown: string) => (markdown.length > 1000 ? strict.render(markdown) : original.renderMarkdown(markdown)) };
});

let t: TestApp;
let staff: Agent;
beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  staff = await signedInAs(t);
});
afterAll(() => t.test.drop());

describe('a text that runs past the render time limit', () => {
  const slow = '>'.repeat(30_000);

  it('is refused with 400 and the reason, on the body field, for the preview, create and update', async () => {
    const preview = await staff.call('POST', '/api/v1/posts/preview', { body: slow });
    expect(preview.status).toBe(400);
    expect(await preview.json()).toEqual({ ok: false, message: TOO_COMPLEX, errors: [{ field: 'body', message: TOO_COMPLEX }] });
    const created = await staff.call('POST', '/api/v1/posts/create', { title: 'Slow', body: slow });
    expect(created.status).toBe(400);
    expect((await created.json()).errors).toEqual([{ field: 'body', message: TOO_COMPLEX }]);

    const saved = await staff.call('POST', '/api/v1/posts/create', { title: 'Fine', body: 'Short and *plain*.' });
    expect(saved.status).toBe(201);
    const { post } = await saved.json();
    const updated = await staff.call('PUT', `/api/v1/posts/update/${post._id}`, { title: 'Fine', body: slow });
    expect(updated.status).toBe(400);
    // Nothing half-written: the stored post is as it was.
    const stored = await (await staff.call('GET', `/api/v1/posts/get/${post._id}`)).json();
    expect(stored.post).toMatchObject({ body: 'Short and *plain*.', bodyHtml: '<p>Short and <em>plain</em>.</p>\n' });
  });
});
