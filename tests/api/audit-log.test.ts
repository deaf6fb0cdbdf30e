import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contacts } from '#src/server/db/schema.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { solvedCheck } from '../support/human-check.ts';
import { validAnswers } from '../support/lead-answers.ts';
import { IMAGE_MIN_WIDTH } from '#src/schemas/upload.ts';

const PASSWORD = 'a long test password';
let t: TestApp;
let admin: Agent;
let adminId: string;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', SIGNUP_ENABLED: 'true' } });
  adminId = await createUser(t, { email: 'admin@shannon-insurance.ie', password: PASSWORD, isAdmin: true });
  admin = agent(t);
  expect((await admin.call('POST', '/api/v1/auth/login', { email: 'admin@shannon-insurance.ie', password: PASSWORD })).status).toBe(200);
});
afterAll(() => t.test.drop());

/** The audit rows written since `since` rows existed, as [actor, action, target]. */
async function auditedSince(since: number) {
  const rows = await t.test.database.db.select().from(auditLog).orderBy(asc(auditLog.createdAt));
  return rows.slice(since).map((row) => [row.actorId, row.action, row.target]);
}
const auditCount = () => t.test.database.db.$count(auditLog);

describe('the audit log records every audited action, with who and which record', () => {
  it('users: created, updated (role and password), two-factor reset, deleted, signed up', async () => {
    const before = await auditCount();
    const created = await (
      await admin.call('POST', '/api/v1/users/create', { first_name: 'Seán', last_name: 'Ó Briain', email: 'sean@shannon-insurance.ie', password: PASSWORD })
    ).json();
    const id = created.user._id as string;
    expect(
      (await admin.call('PUT', `/api/v1/users/update/${id}`, { first_name: 'Seán', last_name: 'Ó Briain', email: 'sean@shannon-insurance.ie', isAdmin: true }))
        .status,
    ).toBe(200);
    expect((await admin.call('POST', `/api/v1/users/reset2fa/${id}`, {})).status).toBe(200);
    expect((await admin.call('DELETE', `/api/v1/users/delete/${id}`)).status).toBe(200);
    const signup = await (
      await agent(t, '192.0.2.9').call('POST', '/api/v1/users/signup', {
        first_name: 'Úna',
        last_name: 'Kerr',
        email: 'una@shannon-insurance.ie',
        password: PASSWORD,
      })
    ).json();
    // The role change says from what to what, and stays once the account is deleted (its name and address would not).
    const [updated] = await t.test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user updated'), eq(auditLog.target, `user:${id}`)));
    expect(updated?.details).toMatchObject({ roleChange: true, changes: [{ field: 'role', from: 'broker', to: 'admin' }] });
    expect(await auditedSince(before)).toEqual([
      [adminId, 'user created', `user:${id}`],
      [adminId, 'user updated', `user:${id}`],
      [adminId, 'two-factor reset', `user:${id}`],
      [adminId, 'user deleted', `user:${id}`],
      [signup.user._id, 'user signed up', `user:${signup.user._id}`],
    ]);
  });

  it('posts: created, updated, deleted; an image upload', async () => {
    const before = await auditCount();
    const created = await (await admin.call('POST', '/api/v1/posts/create', { title: 'Audit trail', body: 'Kept.', status: 'draft' })).json();
    const id = created.post._id as string;
    expect((await admin.call('PUT', `/api/v1/posts/update/${id}`, { title: 'Audit trail, revised', body: 'Kept.', status: 'draft' })).status).toBe(200);
    expect((await admin.call('DELETE', `/api/v1/posts/delete/${id}`)).status).toBe(200);

    const jpeg = await sharp({ create: { width: IMAGE_MIN_WIDTH, height: 400, channels: 3, background: '#1d5c8c' } })
      .jpeg()
      .toBuffer();
    const metadata = [
      `filename ${Buffer.from('van.jpg').toString('base64')}`,
      `filetype ${Buffer.from('image/jpeg').toString('base64')}`,
      `purpose ${Buffer.from('post-image').toString('base64')}`,
    ].join(',');
    const upload = await t.app.request('/api/v1/uploads', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', cookie: admin.cookie() ?? '', 'upload-length': String(jpeg.byteLength), 'upload-metadata': metadata },
    });
    expect(upload.status).toBe(201);
    const sent = await t.app.request(upload.headers.get('location')!, {
      method: 'PATCH',
      headers: { 'tus-resumable': '1.0.0', cookie: admin.cookie() ?? '', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(jpeg),
    });
    expect(sent.ok).toBe(true);
    const audited = await auditedSince(before);
    expect(audited.slice(0, 3)).toEqual([
      [adminId, 'post created', `post:${id}`],
      [adminId, 'post updated', `post:${id}`],
      [adminId, 'post deleted', `post:${id}`],
    ]);
    expect(audited.slice(3)).toEqual([[adminId, 'image uploaded', expect.stringMatching(/^media:[0-9a-f-]{36}$/)]]);
  });

  it('enquiries: a contact deleted; a lead moved, noted and deleted', async () => {
    const [contact] = await t.test.database.db
      .insert(contacts)
      .values({ name: 'Aoife Byrne', email: 'aoife@example.ie', phone: '0871234567', subject: 'Van insurance', message: 'Call me' })
      .returning({ id: contacts.id });
    const visitor = agent(t, '192.0.2.50');
    const lead = await (
      await visitor.call('POST', '/api/v1/quotes/van/create', {
        ...validAnswers.van,
        humanCheck: await solvedCheck(async (path) => (await t.call('GET', path)).json()),
      })
    ).json();
    const leadId = lead.lead._id as string;

    const before = await auditCount();
    expect((await admin.call('DELETE', `/api/v1/contacts/delete/${contact!.id}`)).status).toBe(200);
    expect((await admin.call('PUT', `/api/v1/quotes/van/update/${leadId}`, { status: 'contacted' })).status).toBe(200);
    expect((await admin.call('PUT', `/api/v1/quotes/van/update/${leadId}`, { note: 'Left a voicemail' })).status).toBe(200);
    expect((await admin.call('DELETE', `/api/v1/quotes/van/delete/${leadId}`)).status).toBe(200);
    expect(await auditedSince(before)).toEqual([
      [adminId, 'contact deleted', `contact:${contact!.id}`],
      [adminId, 'lead moved to contacted', `lead:${leadId}`],
      [adminId, 'lead note added', `lead:${leadId}`],
      [adminId, 'lead deleted', `lead:${leadId} ${lead.lead.reference}`],
    ]);
  });

  it('records nothing for a refused action', async () => {
    const before = await auditCount();
    expect((await admin.call('DELETE', `/api/v1/users/delete/${adminId}`)).status).toBeGreaterThanOrEqual(400);
    expect((await agent(t).call('DELETE', `/api/v1/contacts/delete/${adminId}`)).status).toBe(401);
    expect(await auditedSince(before)).toEqual([]);
    expect(await t.test.database.db.$count(auditLog, eq(auditLog.action, 'user deleted'))).toBe(1);
  });
});
