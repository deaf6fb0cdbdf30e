import { vi } from 'vitest';
import type { TestApp } from './app.ts';

/**
 * Hands the browser client's `fetch` to the in-process app, with one cookie like a browser's,
 * so the browser's stores run against the real server and database. Undo with vi.unstubAllGlobals().
 */
export function routeBrowserFetch(t: TestApp, address = '192.0.2.80') {
  let cookie: string | undefined;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', address);
    if (cookie) headers.set('cookie', cookie);
    const res = await t.app.request(String(input), { ...init, headers });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0];
    return res;
  });
}
