import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { $auditLog, auditExportHref, auditLog } from '#src/admin/stores/audit-log.ts';
import { quotes, renewals } from '#src/admin/stores/leads.ts';
import { signIn } from '#src/admin/stores/session.ts';
import { createUser } from '#tests/support/agent.ts';
import { makeTestApp, type TestApp } from '#tests/support/app.ts';
import { routeBrowserFetch } from '#tests/support/browser-fetch.ts';

/**
 * The back-office's download links (a visitor's document, the CSV exports of requests and of the audit log) are plain links the browser
 * follows with its session cookie: built from the derived client's routes under API_BASE,
 * which may be relative, and answered by the real app.
 */
let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  await createUser(t, { email: 'staff@shannon-insurance.ie', password: 'a long test password', isAdmin: true });
  routeBrowserFetch(t);
  await signIn('staff@shannon-insurance.ie', 'a long test password');
}, 180_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.test.drop();
});

describe('download links of the leads stores', () => {
  it('name a document under its area, the id encoded', () => {
    expect(quotes.fileHref('3f0c9a56-7d1e-4a5b-9c2d-1e2f3a4b5c6d')).toBe('/api/v1/quotes/files/3f0c9a56-7d1e-4a5b-9c2d-1e2f3a4b5c6d');
    expect(renewals.fileHref('a/b?c')).toBe('/api/v1/renewals/files/a%2Fb%3Fc');
  });

  it('export the list as filtered now, which the app answers with a CSV', async () => {
    quotes.setFilter({ kind: 'van', status: '', q: 'Ennis' });
    const href = quotes.exportHref();
    expect(href).toBe('/api/v1/quotes/export?kind=van&q=Ennis');
    const response = await fetch(href);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    quotes.setFilter({});
    expect(renewals.exportHref()).toBe('/api/v1/renewals/export');
    expect((await fetch(renewals.exportHref())).status).toBe(200);
  });

  it('export the audit log as filtered now (Administrators)', async () => {
    auditLog.setFilter({ kind: 'user', action: '' });
    expect($auditLog.get().filter).toEqual({ kind: 'user' });
    const href = auditExportHref();
    expect(href).toBe('/api/v1/audit/export?kind=user');
    const response = await fetch(href);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
  });
});
