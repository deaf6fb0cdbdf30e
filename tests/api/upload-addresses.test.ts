import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { LEAD_FILE_MAX_BYTES, uploadMessages } from '#src/schemas/upload.ts';
import { lengthRequired } from '#src/server/storage/uploads.ts';
import { limitMessages } from '#src/schemas/messages.ts';

/**
 * An upload is addressed by its id alone: the permission check and the tus library must
 * agree on which upload a request names, whatever the query string, encoding or dot
 * segments say, and a visitor's document keeps its 10 MB cap however its length is given.
 */
let t: TestApp;
let staff: Agent;
let dataDir: string;
let server: ServerType;
let port: number;

const b64 = (text: string) => Buffer.from(text).toString('base64');
const leadFileMeta = `filename ${b64('schedule.pdf')},purpose ${b64('lead-file')}`;
const imageMeta = `filename ${b64('van.jpg')},purpose ${b64('post-image')}`;

function tus(method: string, path: string, headers: Record<string, string> = {}, body?: Uint8Array) {
  return t.app.request(path, {
    method,
    headers: { 'tus-resumable': '1.0.0', 'x-forwarded-for': '192.0.2.90', ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
}

/** A raw HTTP request to the real server, so the path reaches the app exactly as written (no URL normalising by a client). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { 'tus-resumable': '1.0.0', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A post image a member of staff has half-uploaded: the victim of every confusion below. */
async function staffUpload(): Promise<{ id: string; location: string }> {
  const created = await tus('POST', '/api/v1/uploads', { cookie: staff.cookie()!, 'upload-length': '1000', 'upload-metadata': imageMeta });
  expect(created.status).toBe(201);
  const location = created.headers.get('location')!;
  const patched = await tus(
    'PATCH',
    location,
    { cookie: staff.cookie()!, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    new Uint8Array(100),
  );
  expect(patched.status).toBe(204);
  return { id: location.split('/').pop()!, location };
}

/** A visitor's own document upload, which a visitor may legitimately reach. */
async function visitorUpload(): Promise<{ id: string; location: string }> {
  const created = await tus('POST', '/api/v1/uploads', { 'upload-length': '500', 'upload-metadata': leadFileMeta });
  expect(created.status).toBe(201);
  const location = created.headers.get('location')!;
  return { id: location.split('/').pop()!, location };
}

/** The staff upload's offset, seen by its owner. */
async function staffOffset(location: string): Promise<number> {
  const head = await tus('HEAD', location, { cookie: staff.cookie()! });
  expect(head.status).toBe(200);
  return Number(head.headers.get('upload-offset'));
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'upload-addresses-'));
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', DATA_DIR: dataDir, TRUST_PROXY: 'true' } });
  await createUser(t, { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
  staff = agent(t);
  await staff.call('POST', '/api/v1/auth/login', { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.test.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an upload is named by its address alone', () => {
  it('does not let a visitor read, write or delete another upload through a query string naming it', async () => {
    const victim = await staffUpload();
    const own = await visitorUpload();
    const confused = `${own.location}?x=/${victim.id}`;

    const head = await tus('HEAD', confused);
    expect(head.status).toBe(400);
    expect(head.headers.get('upload-length')).toBeNull();
    expect(head.headers.get('upload-metadata')).toBeNull();
    expect((await tus('PATCH', confused, { 'upload-offset': '100', 'content-type': 'application/offset+octet-stream' }, new Uint8Array(50))).status).toBe(400);
    expect((await tus('DELETE', confused)).status).toBe(400);
    expect(await staffOffset(victim.location)).toBe(100);

    // The visitor's own upload is still theirs to use, without a query string.
    expect((await tus('HEAD', own.location)).status).toBe(200);
  });

  it('refuses encoded slashes, dot segments and fragments that could point at another upload', async () => {
    const victim = await staffUpload();
    const own = await visitorUpload();
    const base = '/api/v1/uploads';
    for (const path of [
      `${own.location}%2F${victim.id}`,
      `${own.location}%2f..%2f${victim.id}`,
      `${own.location}/${victim.id}`,
      `${own.location}/..%2F${victim.id}`,
      `${base}/${own.id}%00${victim.id}`,
      `${base}/${victim.id.toUpperCase()}`,
      `${own.location}?`,
    ]) {
      for (const method of ['HEAD', 'PATCH', 'DELETE']) {
        const res = await tus(
          method,
          path,
          method === 'PATCH' ? { 'upload-offset': '100', 'content-type': 'application/offset+octet-stream' } : {},
          method === 'PATCH' ? new Uint8Array(10) : undefined,
        );
        expect([400, 401, 404], `${method} ${path}`).toContain(res.status);
      }
    }
    // Exactly as written on the wire: a dot segment resolves to the victim's own address (and its own permission check),
    // and a fragment or a query string never reaches another upload.
    expect((await raw('HEAD', `${own.location}/../${victim.id}`)).status).toBe(401);
    for (const path of [`${own.location}#/${victim.id}`, `${own.location}?x=/${victim.id}`, `${own.location}?/${victim.id}`]) {
      for (const method of ['HEAD', 'DELETE']) {
        const res = await raw(method, path);
        expect([400, 404], `${method} ${path}`).toContain(res.status);
        expect(res.headers['upload-length'], `${method} ${path}`).toBeUndefined();
      }
    }
    expect(await staffOffset(victim.location)).toBe(100);
  });

  it('creates only at the collection address', async () => {
    const own = await visitorUpload();
    const res = await tus('POST', own.location, { 'upload-length': '500', 'upload-metadata': leadFileMeta });
    expect(res.status).toBe(404);
  });
});

describe("a visitor's document keeps its 10 MB cap", () => {
  it('refuses a deferred length, so a later PATCH cannot declare more', async () => {
    const deferred = await tus('POST', '/api/v1/uploads', { 'upload-defer-length': '1', 'upload-metadata': leadFileMeta });
    expect(deferred.status).toBe(400);
    expect((await deferred.json()).message).toBe(lengthRequired);
    const staffDeferred = await tus('POST', '/api/v1/uploads', { cookie: staff.cookie()!, 'upload-defer-length': '1', 'upload-metadata': imageMeta });
    expect(staffDeferred.status).toBe(400);
    // Declaring a length on a PATCH is refused too (tus's refusal, in our envelope).
    const own = await visitorUpload();
    const declared = await tus(
      'PATCH',
      own.location,
      { 'upload-offset': '0', 'upload-length': String(LEAD_FILE_MAX_BYTES + 512 * 1024), 'content-type': 'application/offset+octet-stream' },
      new Uint8Array(10),
    );
    expect(declared.status).toBe(400);
    expect(await declared.json()).toMatchObject({ ok: false });
  });

  it('refuses a declared length over the cap with the document message', async () => {
    const big = await tus('POST', '/api/v1/uploads', { 'upload-length': String(LEAD_FILE_MAX_BYTES + 1), 'upload-metadata': leadFileMeta });
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe(uploadMessages.leadFileTooLarge);
  });
});

describe('upload metadata', () => {
  it('refuses a control character in the file name before storing anything (the database refuses NUL in text)', async () => {
    const csv = new TextEncoder().encode('Registration,Make\r\n201-L-1001,Renault\r\n');
    const created = await tus('POST', '/api/v1/uploads', {
      'upload-length': String(csv.byteLength),
      'upload-metadata': `filename ${b64('fleet\u0000.csv')},purpose ${b64('lead-file')}`,
    });
    expect(created.status).toBe(400);
    expect((await created.json()).message).toBe(limitMessages.controlCharacter);
  });
});
