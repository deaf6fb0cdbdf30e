import { afterEach, describe, expect, it } from 'vitest';
import { createMarkdownRenderer, MarkdownRendererBusyError, MarkdownTooComplexError, type MarkdownRenderer } from '#src/server/posts/render-markdown.ts';

/** The slowest text found for the parser: 30,000 nested quotes take about half a second, 60,000 about two. */
const slow = '>'.repeat(60_000);
let renderer: MarkdownRenderer | undefined;
afterEach(() => renderer?.close());

describe('the Markdown render thread', () => {
  it('renders and sanitises off the main thread', async () => {
    renderer = createMarkdownRenderer();
    expect(await renderer.render('# Hi\n\n**bold** <script>alert(1)</script>')).toBe('<h2>Hi</h2>\n<p><strong>bold</strong> </p>\n');
  });

  it('abandons a text that runs past the time limit, and the next text still renders', async () => {
    // Far below the slow text's time, far above a short one's, even on a busy machine.
    renderer = createMarkdownRenderer({ timeLimitMs: 400 });
    const outcomes = await Promise.allSettled([renderer.render(slow), renderer.render('after *that*')]);
    expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: expect.any(MarkdownTooComplexError) });
    expect(outcomes[1]).toEqual({ status: 'fulfilled', value: '<p>after <em>that</em></p>\n' });
  });

  it('refuses texts beyond the queue limit instead of piling them up', async () => {
    // The three arrive together, before the new thread is ready: two wait, the third is refused.
    renderer = createMarkdownRenderer({ queueLimit: 2 });
    const outcomes = await Promise.allSettled([renderer.render('first'), renderer.render('a'), renderer.render('b')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(outcomes[2]).toMatchObject({ reason: expect.any(MarkdownRendererBusyError) });
  });
});
