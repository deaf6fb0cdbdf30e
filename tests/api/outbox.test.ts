import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eq, sql } from 'drizzle-orm';
import { outbox } from '../../src/server/db/schema.ts';
import { enqueueMail } from '../../src/server/mail/outbox.ts';
import { createMailTransport } from '../../src/server/mail/transport.ts';
import { retryDelaySeconds, sendDueMail } from '../../src/server/jobs/outbox-sender.ts';
import { createLogger } from '../../src/server/log.ts';
import { freshDatabase, type TestDatabase } from '../support/database.ts';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on loopback that records what it receives, and can be told to refuse. */
function startSmtp(): Promise<{ port: number; received: Received[]; refuse: { on: boolean }; close(): Promise<void> }> {
  const received: Received[] = [];
  const refuse = { on: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onMailFrom(_address, _session, callback) {
      callback(refuse.on ? Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ port, received, refuse, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

const log = createLogger('silent');
let test: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  test = await freshDatabase();
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  await test.drop();
});

describe('the mail outbox', () => {
  it('delivers queued mail over SMTP and marks it sent', async () => {
    const { db } = test.database;
    await enqueueMail(db, { to: ['sales@shannon-insurance.ie'], subject: 'Callback request: Fleet', text: 'Please call Seán.', replyTo: 'sean@example.ie', ref: 'test:1' });
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, dataDir: 'unused' });
    const sent = await sendDueMail({ db, transport, from: 'Shannon <sales@shannon-insurance.ie>', log });
    expect(sent).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['sales@shannon-insurance.ie']);
    expect(smtp.received[0]?.raw).toContain('Subject: Callback request: Fleet');
    expect(smtp.received[0]?.raw).toContain('Please call Se');
    const [row] = await db.select().from(outbox).where(eq(outbox.ref, 'test:1'));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(await sendDueMail({ db, transport, from: 'x@example.ie', log })).toBe(0);
    transport.close();
  });

  it('keeps mail while SMTP refuses it, backs off, and delivers it once SMTP is back', async () => {
    const { db } = test.database;
    await enqueueMail(db, { to: ['sales@shannon-insurance.ie'], subject: 'Held back', text: 'Body', ref: 'test:2' });
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, dataDir: 'unused' });
    const deps = { db, transport, from: 'sales@shannon-insurance.ie', log };
    const before = smtp.received.length;

    smtp.refuse.on = true;
    expect(await sendDueMail(deps)).toBe(0);
    let [row] = await db.select().from(outbox).where(eq(outbox.ref, 'test:2'));
    expect(row?.sentAt).toBeNull();
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain('Mailbox unavailable');
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: the backoff holds it.
    expect(await sendDueMail(deps)).toBe(0);

    smtp.refuse.on = false;
    await db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.ref, 'test:2'));
    expect(await sendDueMail(deps)).toBe(1);
    [row] = await db.select().from(outbox).where(eq(outbox.ref, 'test:2'));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(2);
    expect(smtp.received.length).toBe(before + 1);
    transport.close();
  });

  it('writes .eml files when no SMTP server is configured', async () => {
    const { db } = test.database;
    const dataDir = await mkdtemp(join(tmpdir(), 'outbox-'));
    await enqueueMail(db, { to: ['sales@shannon-insurance.ie'], subject: 'To a file', text: 'Stored as a file', ref: 'test:3' });
    const transport = createMailTransport({ dataDir });
    expect(await sendDueMail({ db, transport, from: 'sales@shannon-insurance.ie', log })).toBe(1);
    const files = await readdir(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = await readFile(join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('Subject: To a file');
    expect(eml).toContain('Stored as a file');
    await rm(dataDir, { recursive: true });
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4, 10, 50].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 3600, 3600]);
  });
});
