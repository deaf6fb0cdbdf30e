import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { solvedCheck } from '../support/human-check.ts';
import { validAnswers } from '../support/lead-answers.ts';
import { LEAD_FILE_MAX_BYTES, uploadMessages } from '#src/schemas/upload.ts';
import { eq } from 'drizzle-orm';
import { leadFiles, leads } from '#src/server/db/schema.ts';

let t: TestApp;
let staff: Agent;
let dataDir: string;

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A visitor's one-request upload: create, then the whole file in one PATCH. */
async function uploadDocument(name: string, bytes: Uint8Array, headers: Record<string, string> = {}) {
  const created = await t.app.request('/api/v1/uploads', {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.byteLength),
      'upload-metadata': `filename ${b64(name)},purpose ${b64('lead-file')}`,
      'x-forwarded-for': '192.0.2.77',
      ...headers,
    },
  });
  if (created.status !== 201) return created;
  return t.app.request(created.headers.get('location')!, {
    method: 'PATCH',
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'x-forwarded-for': '192.0.2.77' },
    body: new Uint8Array(bytes),
  });
}

const sendFleet = async (answers: Record<string, unknown>) =>
  t.call(
    'POST',
    '/api/v1/quotes/fleet/create',
    { ...answers, humanCheck: await solvedCheck(async (path) => (await t.call('GET', path)).json()) },
    { 'x-forwarded-for': '192.0.2.78' },
  );

const CSV = 'Registration,Make,Model,Year,Value\r\n201-L-1001,Renault,Master,2020,24000\r\n211-L-2002,Ford,Transit,2021,27000\r\n';
const PDF = `%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lead-files-'));
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', DATA_DIR: dataDir } });
  await createUser(t, { email: 'broker@shannon-insurance.ie', password: 'a long test password' });
  staff = agent(t);
  await staff.call('POST', '/api/v1/auth/login', { email: 'broker@shannon-insurance.ie', password: 'a long test password' });
});
afterAll(async () => {
  await t.test.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('documents attached to a quote request', () => {
  it('takes a schedule from a visitor, attaches it to the request, and lets only signed-in staff download it', async () => {
    const uploaded = await uploadDocument('fleet schedule.csv', new TextEncoder().encode(CSV));
    expect(uploaded.status).toBe(200);
    const { file } = await uploaded.json();
    expect(file).toMatchObject({ name: 'fleet schedule.csv', bytes: CSV.length });
    const pdf = await (await uploadDocument('schedule.pdf', new TextEncoder().encode(PDF))).json();

    const { vehicles: _vehicles, ...rest } = validAnswers.fleet;
    const sent = await sendFleet({ ...rest, fleetList: 'Upload a fleet schedule', schedule: [file._id, pdf.file._id] });
    expect(sent.status).toBe(201);
    const leadId = (await sent.json()).lead._id;

    // The same document cannot be claimed by a second request.
    const again = await sendFleet({ ...rest, fleetList: 'Upload a fleet schedule', schedule: [file._id] });
    expect(again.status).toBe(400);

    expect((await t.call('GET', `/api/v1/quotes/files/${file._id}`)).status).toBe(401);
    const { lead } = await (await staff.call('GET', `/api/v1/quotes/get/${leadId}`)).json();
    expect(lead.files.map((f: { name: string }) => f.name).sort()).toEqual(['fleet schedule.csv', 'schedule.pdf']);
    const download = await staff.call('GET', `/api/v1/quotes/fleet/files/${file._id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/csv');
    expect(download.headers.get('content-disposition')).toContain('attachment;');
    expect(await download.text()).toBe(CSV);
    // Not reachable through another kind's address.
    expect((await staff.call('GET', `/api/v1/quotes/van/files/${file._id}`)).status).toBe(404);
  });

  it('gives a document to one request only, when many name it at the same moment', async () => {
    const { file } = await (await uploadDocument('contested.csv', new TextEncoder().encode(CSV))).json();
    const { vehicles: _vehicles, ...rest } = validAnswers.fleet;
    // The human checks are solved first, so the requests really do arrive together.
    const checks = await Promise.all(Array.from({ length: 12 }, () => solvedCheck(async (path) => (await t.call('GET', path)).json())));
    const responses = await Promise.all(
      checks.map((humanCheck) =>
        t.call(
          'POST',
          '/api/v1/quotes/fleet/create',
          { ...rest, fleetList: 'Upload a fleet schedule', schedule: [file._id], humanCheck },
          { 'x-forwarded-for': '192.0.2.79' },
        ),
      ),
    );
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses).toEqual([201, ...Array(11).fill(400)]);
    const owners = await t.test.database.db.select({ leadId: leadFiles.leadId }).from(leadFiles).where(eq(leadFiles.id, file._id));
    const created = await Promise.all(responses.filter((res) => res.status === 201).map(async (res) => (await res.json()).lead._id));
    expect(owners).toEqual([{ leadId: created[0] }]);
    // Only the request that got the document was stored.
    expect(await t.test.database.db.$count(leads, eq(leads.id, created[0]))).toBe(1);
  });

  it('refuses a disguised file, anything over 10 MB, and a visitor uploading a post image', async () => {
    const html = await uploadDocument('schedule.csv', new TextEncoder().encode('<html><script>alert(1)</script></html>'));
    expect(html.status).toBe(415);
    expect((await html.json()).message).toBe(uploadMessages.notDocument);
    const exe = await uploadDocument('schedule.pdf', new Uint8Array([0x4d, 0x5a, 0x90, 0x00, ...new Array(200).fill(0)]));
    expect(exe.status).toBe(415);
    const big = await t.app.request('/api/v1/uploads', {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(LEAD_FILE_MAX_BYTES + 1),
        'upload-metadata': `filename ${b64('big.pdf')},purpose ${b64('lead-file')}`,
      },
    });
    expect(big.status).toBe(413);
    const image = await t.app.request('/api/v1/uploads', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '100', 'upload-metadata': `filename ${b64('x.jpg')},purpose ${b64('post-image')}` },
    });
    expect(image.status).toBe(401);
  });
});
