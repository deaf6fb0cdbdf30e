import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#tools/lib/local-server.ts';
import { runLoad } from '#tools/lib/load-generator.ts';
import { solve } from '#tools/lib/solve-human-check.ts';
import { resolveSecretKey } from '#src/server/auth/crypto.ts';
import { openDatabase } from '#src/server/db/client.ts';
import { contacts, media } from '#src/server/db/schema.ts';
import { HUMAN_CHECK, newChallenge } from '#src/server/human-check/verify.ts';
import { convertingRoot, mediaRoot, unfinishedRoot } from '#src/server/storage/media-store.ts';
import { ORPHAN_GRACE_MS } from '#src/server/ops/orphan-sweep.ts';
import { createThrowawayDatabase, dropDatabase } from '../support/database.ts';

/**
 * The real server process gets SIGTERM while it is busy: under a load of callback requests,
 * and while it converts an uploaded image. Whatever it acknowledged is stored, every other
 * request was refused cleanly (and can be sent again), it exits 0, and nothing half-written
 * stays on disk; a kill -9 in the middle of a conversion is swept at the next start.
 */
const serverUrl = process.env.DATABASE_URL;
const APP_SECRET = randomBytes(32).toString('base64');
const ADMIN = { email: 'ops-admin@example.ie', password: 'shutdown test password' };
let dbUrl: string | undefined;
let dataDir: string;

/** The server on this test's data folder (and database), on one of this suite's ports. */
const start = (extra: Record<string, string> = {}) =>
  startLocalServer({
    PORT: '4351',
    DATA_DIR: dataDir,
    DIST_DIR: '/nonexistent',
    TRUST_PROXY: 'true',
    TWO_FACTOR_ENABLED: 'false',
    APP_SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
    ...extra,
  });

/** The database's word, read with the server stopped (the embedded database is one process's). */
async function withDatabase<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: dbUrl, dataDir });
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'shutdown-test-'));
  if (serverUrl) dbUrl = await createThrowawayDatabase(serverUrl);
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl && dbUrl) await dropDatabase(serverUrl, dbUrl);
});

/** What became of one request: an answer, or a connection that never carried it. */
type Fate = { status: number; id?: string; why?: string } | { error: string };
const errorCode = (error: unknown) => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? String(error);
};
/** Refused cleanly: the connection was refused, or closed before an answer (the server never took the request). */
const CLEAN_REFUSALS = ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'];

describe('SIGTERM under a load of callback requests', () => {
  it('answers or cleanly refuses every request, stores every acknowledged one and exits 0', { timeout: 120_000 }, async () => {
    const count = 150;
    const secretKey = resolveSecretKey(APP_SECRET, dataDir);
    // Checks made with the server's key and a known counter: the server checks them as a browser's.
    const checks: string[] = [];
    for (let i = 0; i < count; i++) {
      const counter = HUMAN_CHECK.counterMin + i;
      checks.push(solve(await newChallenge(secretKey, counter), counter));
    }
    const requests = checks.map((humanCheck, i) => ({
      key: randomUUID(),
      address: `203.0.113.${i % 250}`,
      body: JSON.stringify({
        name: `Drain ${i}`,
        email: `drain${i}@example.ie`,
        phone: '0871234567',
        subject: 'Van insurance for convicted drivers',
        message: 'Shutdown test',
        humanCheck,
      }),
    }));
    const send = (base: string, i: number) =>
      fetch(`${base}/api/v1/contacts/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': requests[i]!.key, 'x-forwarded-for': requests[i]!.address },
        body: requests[i]!.body,
      });

    let server: LocalServer = await start({ FORM_RATE_LIMIT: '100000' });
    try {
      const fates: Fate[] = [];
      let acknowledged = 0;
      let drainMs = 0;
      const load = runLoad({
        base: server.base,
        concurrency: 12,
        maxRequests: count,
        maxMs: 60_000,
        async send(i) {
          try {
            const res = await send(server.base, i);
            const body = (await res.json()) as { contact?: { _id: string }; message?: string; errors?: unknown };
            // A refusal's words go with it, for the assertion's message.
            fates[i] = { status: res.status, id: body.contact?._id, ...(res.ok ? {} : { why: `${body.message} ${JSON.stringify(body.errors ?? [])}` }) };
            if (res.status === 201) acknowledged += 1;
            return new Response(null, { status: res.status });
          } catch (error) {
            fates[i] = { error: errorCode(error) };
            throw error;
          }
        },
      });
      let loadDone = false;
      void load.then(() => (loadDone = true));
      // SIGTERM once the server is well into the load.
      while (acknowledged < 20 && !loadDone) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(loadDone, `the load ended before 20 were acknowledged: ${JSON.stringify(fates.slice(0, 5))}`).toBe(false);
      const signalled = performance.now();
      await server.stop({ keepData: true });
      drainMs = performance.now() - signalled;
      const result = await load;

      expect(server.exitCode(), server.stderr()).toBe(0);
      const answered = fates.filter((fate): fate is { status: number; id?: string } => 'status' in fate);
      const refused = fates.flatMap((fate, i) => ('error' in fate ? [{ i, error: fate.error }] : []));
      const errors = Object.groupBy(refused, (r) => r.error);
      console.log(
        `drain under load: ${Math.round(drainMs)} ms; answers ${JSON.stringify(result.outcomes)}; refusals ${JSON.stringify(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v?.length])))}`,
      );
      // The database stayed open until the last request in hand was answered: no 503, no 500.
      expect(answered.map((fate) => fate.status).filter((status) => status !== 201)).toEqual([]);
      expect(Object.keys(errors).filter((code) => !CLEAN_REFUSALS.includes(code))).toEqual([]);
      // The shutdown really came mid-load.
      expect(refused.length).toBeGreaterThan(0);

      const acknowledgedIds = answered.flatMap((fate) => (fate.id ? [fate.id] : []));
      const refusedKeys = refused.map((r) => requests[r.i]!.key);
      const [stored, storedButRefused] = await withDatabase(async (db) => [
        await db.select({ id: contacts.id }).from(contacts).where(inArray(contacts.id, acknowledgedIds)),
        await db.select({ id: contacts.id }).from(contacts).where(inArray(contacts.idempotencyKey, refusedKeys)),
      ]);
      expect(stored.length).toBe(acknowledgedIds.length);
      // A request refused was never taken: nothing was cut between its commit and its answer.
      expect(storedButRefused).toEqual([]);

      // Whatever was not acknowledged can be sent again as it was, and is then stored once.
      server = await start({ FORM_RATE_LIMIT: '100000' });
      try {
        const again = fates.flatMap((fate, i) => ('status' in fate && fate.status === 201 ? [] : [i]));
        const resent = await runLoad({
          base: server.base,
          concurrency: 8,
          maxRequests: again.length,
          maxMs: 60_000,
          send: (n) => send(server.base, again[n]!),
        });
        expect(resent.outcomes).toEqual({ 201: again.length });
      } finally {
        await server.stop({ keepData: true });
      }
    } finally {
      // A failed assertion must not leave the server holding the port for the next test.
      if (server.exitCode() === null) await server.stop({ keepData: true });
    }
    const [total] = await withDatabase((db) => db.select({ n: sql<number>`count(*)::int` }).from(contacts));
    expect(total?.n).toBe(count);
  });
});

describe('SIGTERM with a grace period, 100 callbacks in flight', () => {
  it('answers every one (none reset or refused) while readiness says 503, then exits 0', { timeout: 120_000 }, async () => {
    const count = 100;
    const secretKey = resolveSecretKey(APP_SECRET, dataDir);
    const checks: string[] = [];
    for (let i = 0; i < count; i++) {
      // Counters after the first test's: each check is good once.
      const counter = HUMAN_CHECK.counterMin + 1000 + i;
      checks.push(solve(await newChallenge(secretKey, counter), counter));
    }
    // The grace must outlast the time this process takes to accept and read 100 requests: on a
    // loaded two-core CI machine with the embedded database on the main thread, 2 s did not.
    const server = await start({ FORM_RATE_LIMIT: '100000', SHUTDOWN_GRACE_SECONDS: '6' });
    try {
      const sent = checks.map((humanCheck, i) =>
        fetch(`${server.base}/api/v1/contacts/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i % 250}` },
          body: JSON.stringify({
            name: `Grace ${i}`,
            email: `grace${i}@example.ie`,
            phone: '0871234567',
            subject: 'Van insurance',
            message: 'Grace test',
            humanCheck,
          }),
        }).then(
          (res) => String(res.status),
          (error: unknown) => errorCode(error),
        ),
      );
      // SIGTERM with all of them sent: many not yet read, some not yet accepted by the busy process.
      await new Promise((resolve) => setTimeout(resolve, 50));
      server.signal('SIGTERM');
      // Readiness turns as soon as the process takes the signal, so a load balancer stops
      // sending; the server still answers. A process this busy may take the signal late
      // (its readiness meanwhile says 503 for a slow database), so ask until it says so.
      await expect
        .poll(
          async () => {
            const ready = await fetch(`${server.base}/api/v1/health/ready`);
            return { status: ready.status, draining: ((await ready.json()) as { draining?: boolean }).draining };
          },
          { timeout: 5_000, interval: 50 },
        )
        .toEqual({ status: 503, draining: true });

      const fates = await Promise.all(sent);
      await server.exited;
      expect(fates.filter((fate) => fate !== '201')).toEqual([]);
      expect(server.exitCode(), server.stderr()).toBe(0);
    } finally {
      if (server.exitCode() === null) await server.stop({ keepData: true });
    }
  });
});

describe('SIGTERM and kill -9 during an image upload', () => {
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  let image: Buffer;
  beforeAll(async () => {
    // Noise does not compress: a few seconds of conversion on this machine.
    image = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 1 })
      .toBuffer();
  });

  /** Signs in, creates the upload and starts sending every byte: the server converts as the last byte lands. */
  async function startUpload(base: string): Promise<{ patch: Promise<Response> }> {
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const created = await fetch(`${base}/api/v1/uploads`, {
      method: 'POST',
      headers: {
        cookie,
        'tus-resumable': '1.0.0',
        'upload-length': String(image.byteLength),
        'upload-metadata': `filename ${b64('noise.png')},filetype ${b64('image/png')},purpose ${b64('post-image')}`,
      },
    });
    expect(created.status).toBe(201);
    const patch = fetch(new URL(created.headers.get('location')!, base), {
      method: 'PATCH',
      headers: { cookie, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(image),
    });
    return { patch };
  }

  const folderNames = (folder: string) => (existsSync(folder) ? readdirSync(folder) : []);
  /** Waits until the conversion has begun writing variants: a new folder under converting, named by the new media id. */
  async function conversionStarted(before: string[]): Promise<string> {
    for (;;) {
      const fresh = folderNames(convertingRoot(dataDir)).find((name) => !before.includes(name));
      if (fresh) return fresh;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it('sweeps what a kill -9 mid-conversion left at the next start; under SIGTERM finishes the conversion, answers it, exits 0', {
    timeout: 120_000,
  }, async () => {
    let server = await start();
    try {
      const before = folderNames(mediaRoot(dataDir));
      const killed = await startUpload(server.base);
      const cut = killed.patch.then(
        () => 'answered',
        () => 'cut',
      );
      const orphan = await conversionStarted(before);
      server.signal('SIGKILL');
      await server.exited;
      expect(await cut).toBe('cut');
      expect(folderNames(convertingRoot(dataDir))).toContain(orphan);
      // On PostgreSQL other servers may share the uploads folder, so only what is past the grace period goes.
      if (dbUrl) {
        const past = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
        utimesSync(join(convertingRoot(dataDir), orphan), past, past);
      }

      server = await start();
      expect(folderNames(convertingRoot(dataDir))).toEqual([]);
      expect(folderNames(mediaRoot(dataDir))).toEqual(before);
      // The killed upload's raw bytes stay with tus's unfinished uploads, deleted after their day like any other.
      const unfinishedBefore = folderNames(unfinishedRoot(dataDir));
      const { patch } = await startUpload(server.base);
      const folder = await conversionStarted(before);
      const stopped = server.stop({ keepData: true });
      const response = await patch;
      const body = (await response.json()) as { image?: { _id: string } };
      await stopped;
      expect(response.status).toBe(200);
      expect(body.image?._id).toBe(folder);
      expect(server.exitCode(), server.stderr()).toBe(0);
      const rows = await withDatabase((db) => db.select({ id: media.id, variants: media.variants }).from(media));
      expect(rows.map((row) => row.id)).toEqual([folder]);
      // Every variant the row names is on disk, and nothing else is left: no other folder, no raw upload of its own.
      expect(folderNames(join(mediaRoot(dataDir), folder)).sort()).toEqual(rows[0]!.variants.map((v) => v.file).sort());
      expect(folderNames(mediaRoot(dataDir))).toEqual([folder]);
      expect(folderNames(convertingRoot(dataDir))).toEqual([]);
      expect(folderNames(unfinishedRoot(dataDir))).toEqual(unfinishedBefore);
    } finally {
      if (server.exitCode() === null) await server.stop({ keepData: true });
    }
  });
});
