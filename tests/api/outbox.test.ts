import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { outbox } from '#src/server/db/schema.ts';
import { enqueueMail } from '#src/server/mail/outbox.ts';
import { createMailTransport, type Delivery, type MailTransport } from '#src/server/mail/transport.ts';
import { outboxJob, retryDelaySeconds, sendDueMail, type OutboxDeps } from '#src/server/jobs/outbox-sender.ts';
import { createIntervalRunner } from '#src/server/jobs/interval-runner.ts';
import { createLogger } from '#src/server/log.ts';
import { freshDatabase, type TestDatabase } from '../support/database.ts';

type Received = { to: string[]; raw: string; messageId: string };
const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * A real SMTP server on loopback that records what it receives and can be told to refuse:
 * the sender at MAIL FROM, or single addresses at RCPT TO, with any reply code.
 */
function startSmtp() {
  const received: Received[] = [];
  const rules = { mailFrom: 0, rcpt: new Map<string, number>() };
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onMailFrom(_address, _session, callback) {
      callback(rules.mailFrom ? smtpError(rules.mailFrom, 'Mailbox unavailable, try later') : undefined);
    },
    onRcptTo(address, _session, callback) {
      const code = rules.rcpt.get(address.address);
      callback(code ? smtpError(code, code >= 500 ? 'No such user here' : 'Greylisted, try later') : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '' });
        callback();
      });
    },
  });
  return new Promise<{ url: string; received: Received[]; rules: typeof rules; connections(): number; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        received,
        rules,
        connections: () => connections,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

const log = createLogger('silent');
let test: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let transport: MailTransport;
let deps: OutboxDeps;
const rowOf = async (ref: string) => (await test.database.db.select().from(outbox).where(eq(outbox.ref, ref)))[0]!;
/** Makes a mail due now, as if its backoff had passed. */
const due = (ref: string) => test.database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.ref, ref));

beforeAll(async () => {
  test = await freshDatabase();
});
beforeEach(async () => {
  smtp = await startSmtp();
  transport = createMailTransport({ smtpUrl: smtp.url, dataDir: 'unused' });
  deps = { db: test.database.db, transport, from: 'Shannon <sales@shannon-insurance.ie>', log, maxAttempts: 3 };
});
afterEach(async () => {
  transport.close();
  await smtp.close();
  // Each test starts with an empty queue.
  await test.database.db.delete(outbox);
});
afterAll(() => test.drop());

describe('the mail outbox', () => {
  it('delivers queued mail over SMTP, marks it sent and records each address as accepted', async () => {
    const { db } = test.database;
    await enqueueMail(db, {
      to: ['sales@shannon-insurance.ie'],
      subject: 'Callback request: Fleet',
      text: 'Please call Seán.',
      replyTo: 'sean@example.ie',
      ref: 'test:1',
    });
    expect(await sendDueMail(deps)).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['sales@shannon-insurance.ie']);
    expect(smtp.received[0]?.raw).toContain('Subject: Callback request: Fleet');
    expect(smtp.received[0]?.raw).toContain('Please call Se');
    const row = await rowOf('test:1');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.recipients).toMatchObject([{ address: 'sales@shannon-insurance.ie', result: 'accepted' }]);
    expect(smtp.received[0]?.messageId).toBe(row.messageId);
    expect((await sendDueMail(deps)).claimed).toBe(0);
  });

  it('keeps mail while SMTP defers it (4xx), backs off, and delivers it once SMTP takes it', async () => {
    await enqueueMail(test.database.db, { to: ['sales@shannon-insurance.ie'], subject: 'Held back', text: 'Body', ref: 'test:2' });
    smtp.rules.mailFrom = 451;
    expect(await sendDueMail(deps)).toEqual({ claimed: 1, sent: 0, failed: 0 });
    let row = await rowOf('test:2');
    expect(row).toMatchObject({ status: 'queued', sentAt: null, attempts: 1 });
    expect(row.lastError).toContain('Mailbox unavailable');
    expect(row.recipients).toMatchObject([{ address: 'sales@shannon-insurance.ie', result: 'deferred' }]);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: the backoff holds it.
    expect((await sendDueMail(deps)).claimed).toBe(0);

    smtp.rules.mailFrom = 0;
    await due('test:2');
    expect((await sendDueMail(deps)).sent).toBe(1);
    row = await rowOf('test:2');
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.received).toHaveLength(1);
  });

  it('does not count a mail as sent when its "to" address is refused, even if a copy was accepted', async () => {
    await enqueueMail(test.database.db, { to: ['sales@shannon-insurance.ie'], cc: ['claims@partner.ie'], subject: 'Callback', text: 'Body', ref: 'test:3' });
    smtp.rules.rcpt.set('sales@shannon-insurance.ie', 550);
    expect(await sendDueMail(deps)).toEqual({ claimed: 1, sent: 0, failed: 1 });
    expect(smtp.received.map((mail) => mail.to)).toEqual([['claims@partner.ie']]);
    const row = await rowOf('test:3');
    expect(row).toMatchObject({ status: 'failed', sentAt: null, attempts: 1 });
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.lastError).toContain('sales@shannon-insurance.ie: refused');
    expect(row.recipients).toEqual([
      expect.objectContaining({ address: 'sales@shannon-insurance.ie', result: 'refused', code: 550 }),
      expect.objectContaining({ address: 'claims@partner.ie', result: 'accepted' }),
    ]);
  });

  it('fails a mail at once on a permanent refusal (5xx) and never tries it again', async () => {
    await enqueueMail(test.database.db, { to: ['nobody@shannon-insurance.ie'], subject: 'Gone', text: 'Body', ref: 'test:4' });
    smtp.rules.rcpt.set('nobody@shannon-insurance.ie', 550);
    expect((await sendDueMail(deps)).failed).toBe(1);
    await due('test:4');
    smtp.rules.rcpt.clear();
    expect((await sendDueMail(deps)).claimed).toBe(0);
    expect(await rowOf('test:4')).toMatchObject({ status: 'failed', attempts: 1 });
    expect(smtp.received).toHaveLength(0);

    // A 5xx to the whole message (here the sender) is as final.
    await enqueueMail(test.database.db, { to: ['sales@shannon-insurance.ie'], subject: 'Refused sender', text: 'Body', ref: 'test:4b' });
    smtp.rules.mailFrom = 550;
    expect((await sendDueMail(deps)).failed).toBe(1);
    expect(await rowOf('test:4b')).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('gives up on a mail that is deferred on every attempt once the configured limit is reached', async () => {
    await enqueueMail(test.database.db, { to: ['sales@shannon-insurance.ie'], subject: 'Greylisted', text: 'Body', ref: 'test:5' });
    smtp.rules.rcpt.set('sales@shannon-insurance.ie', 450);
    for (let attempt = 1; attempt <= deps.maxAttempts; attempt++) {
      await due('test:5');
      expect((await sendDueMail(deps)).claimed).toBe(1);
      expect(await rowOf('test:5')).toMatchObject({ attempts: attempt, status: attempt < deps.maxAttempts ? 'queued' : 'failed' });
    }
    await due('test:5');
    expect((await sendDueMail(deps)).claimed).toBe(0);
    expect((await rowOf('test:5')).lastError).toContain('Greylisted');
  });

  it('retries only the addresses still deferred, with the same Message-ID, so nobody gets a second copy', async () => {
    await enqueueMail(test.database.db, { to: ['sales@shannon-insurance.ie'], cc: ['claims@partner.ie'], subject: 'Twice?', text: 'Body', ref: 'test:6' });
    smtp.rules.rcpt.set('claims@partner.ie', 451);
    await sendDueMail(deps);
    expect(await rowOf('test:6')).toMatchObject({ status: 'queued' });
    smtp.rules.rcpt.clear();
    await due('test:6');
    await sendDueMail(deps);
    const row = await rowOf('test:6');
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.map((mail) => mail.to)).toEqual([['sales@shannon-insurance.ie'], ['claims@partner.ie']]);
    expect(smtp.received.map((mail) => mail.messageId)).toEqual([row.messageId, row.messageId]);
    // Both copies carry every address in their headers, as one mail would.
    expect(smtp.received[1]?.raw).toMatch(/^Cc: claims@partner\.ie$/m);
  });

  it('sends a mail again after the lease of a process that died mid-send, and ignores that process if it answers late', async () => {
    await enqueueMail(test.database.db, { to: ['sales@shannon-insurance.ie'], subject: 'Crash', text: 'Body', ref: 'test:7' });
    // A process whose SMTP send never comes back, until told.
    let answerLate: (deliveries: Delivery[]) => void = () => {};
    const hung: MailTransport = { kind: 'smtp', send: () => new Promise((resolve) => (answerLate = resolve)), close() {} };
    const dying = sendDueMail({ ...deps, transport: hung });
    await expect.poll(async () => (await rowOf('test:7')).attempts).toBe(1);
    expect((await sendDueMail(deps)).claimed).toBe(0);

    await due('test:7'); // the lease has run out
    expect((await sendDueMail(deps)).sent).toBe(1);
    answerLate([{ address: 'sales@shannon-insurance.ie', result: 'deferred' }]);
    await dying;
    const row = await rowOf('test:7');
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received[0]?.messageId).toBe(row.messageId);
  });

  it('reuses pooled connections and works through a backlog batch after batch without pausing, several senders sharing it', async () => {
    const { db } = test.database;
    const count = 120;
    await db.insert(outbox).values(
      Array.from({ length: count }, (_, i) => ({
        to: [`person${i}@shannon-insurance.ie`],
        subject: `Backlog ${i}`,
        text: 'Body',
        messageId: `<backlog-${i}@outbox>`,
        ref: `backlog:${i}`,
      })),
    );
    const second = createMailTransport({ smtpUrl: smtp.url, dataDir: 'unused' });
    // A pause as long as the test: only a sender that loops while there is work finishes in time.
    // Two senders, each on its own interval runner, as two processes would run them.
    const runners = [createIntervalRunner(deps.log), createIntervalRunner(deps.log)];
    await runners[0]!.start([outboxJob(deps, { batchSize: 10, idleMs: 60_000 })]);
    await runners[1]!.start([outboxJob({ ...deps, transport: second }, { batchSize: 10, idleMs: 60_000 })]);
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(count);
    await Promise.all(runners.map((runner) => runner.stop()));
    second.close();
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(count);
    expect(await db.$count(outbox, inArray(outbox.status, ['queued', 'failed']))).toBe(0);
    // Two pools of at most five connections each, not one connection per mail.
    expect(smtp.connections()).toBeLessThanOrEqual(10);
    expect(await db.$count(outbox, like(outbox.ref, 'backlog:%'))).toBe(count);
  });

  it('writes .eml files when no SMTP server is configured', async () => {
    const { db } = test.database;
    const dataDir = await mkdtemp(join(tmpdir(), 'outbox-'));
    await enqueueMail(db, { to: ['sales@shannon-insurance.ie'], subject: 'To a file', text: 'Stored as a file', ref: 'test:9' });
    const files = createMailTransport({ dataDir });
    expect((await sendDueMail({ ...deps, transport: files })).sent).toBe(1);
    const names = await readdir(join(dataDir, 'outbox'));
    expect(names).toHaveLength(1);
    const eml = await readFile(join(dataDir, 'outbox', names[0]!), 'utf8');
    expect(eml).toContain('Subject: To a file');
    expect(eml).toContain('Stored as a file');
    expect(eml).toContain(`Message-ID: ${(await rowOf('test:9')).messageId}`);
    // The folder is made once; should it be removed meanwhile, the next mail makes it again.
    await rm(join(dataDir, 'outbox'), { recursive: true });
    await enqueueMail(db, { to: ['sales@shannon-insurance.ie'], subject: 'After the folder went', text: 'Stored again', ref: 'test:9b' });
    expect((await sendDueMail({ ...deps, transport: files })).sent).toBe(1);
    expect(await readdir(join(dataDir, 'outbox'))).toHaveLength(1);
    await rm(dataDir, { recursive: true });
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4, 10, 50].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 3600, 3600]);
  });
});
