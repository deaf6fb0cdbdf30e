// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { $contentSections, loadSections } from '#src/admin/stores/content.ts';

/**
 * The structure screen reads the section tree when it opens and again after a section is made.
 * A real HTTP server on loopback answers the first read late, with the tree as it was: the
 * later read, which has the new section, must be what the screen keeps.
 */
let server: Server;
let reads = 0;

const section = (id: string, name: string) => ({ id, name, parent: null, path: name, level: 0, position: 0, elements: [] });

beforeAll(async () => {
  server = createServer((_request, response) => {
    const read = ++reads;
    const sections = read === 1 ? [section('a', 'Home')] : [section('a', 'Home'), section('b', 'Careers page')];
    // The first read is answered last.
    setTimeout(
      () =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: true, message: 'Sections', errors: [], sections, page: 0, page_size: 100, total_pages: 1, total_items: sections.length })),
      read === 1 ? 300 : 10,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => realFetch(`${base}${url}`, init));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

it('keeps the latest read of the section tree when an earlier one answers after it', async () => {
  const first = loadSections();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await Promise.all([first, loadSections()]);
  expect(reads).toBe(2);
  expect($contentSections.get().sections.map((s) => s.name)).toEqual(['Home', 'Careers page']);
  expect($contentSections.get().isLoading).toBe(false);
});
