import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactEvents, contacts, leadEvents, leadFiles, leads, outbox } from '#src/server/db/schema.ts';
import { runRetention, type RetentionSettings } from '#src/server/jobs/retention.ts';
import { outboxFolder } from '#src/server/mail/transport.ts';
import { leadFilesRoot } from '#src/server/storage/media-store.ts';
import { freshDatabase, type TestDatabase } from '../support/database.ts';

let test: TestDatabase;
let dataDir: string;
let settings: RetentionSettings;
beforeAll(async () => {
  test = await freshDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'retention-'));
  mkdirSync(leadFilesRoot(dataDir), { recursive: true });
  mkdirSync(outboxFolder(dataDir), { recursive: true });
  settings = { retentionMonths: 24, mailBodyRetentionDays: 30, dataDir };
});
afterAll(async () => {
  await test.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const ago = (interval: string) => sql`now() - ${interval}::interval`;
const DAY = 24 * 60 * 60 * 1000;

/** A callback sent `createdAgo`, last changed `updatedAgo` (when a note was added to it). */
async function contact(createdAgo: string, email = 'old.caller@example.ie', updatedAgo = createdAgo) {
  const { db } = test.database;
  const [row] = await db
    .insert(contacts)
    .values({
      name: 'Old Caller',
      email,
      phone: '087 123 4567',
      subject: 'Van insurance',
      message: 'Call me',
      createdAt: ago(createdAgo),
      updatedAt: ago(updatedAgo),
    })
    .returning();
  await db.insert(contactEvents).values({ contactId: row!.id, note: 'Rang Old Caller, no answer', createdAt: ago(updatedAgo) });
  return row!;
}

async function lead(createdAgo: string, updatedAgo: string, reference: string) {
  const { db } = test.database;
  const [row] = await db
    .insert(leads)
    .values({
      kind: 'fleet',
      reference,
      name: 'Fleet Owner',
      email: 'fleet.owner@example.ie',
      phone: '087 765 4321',
      answers: { fleetSize: 12 },
      createdAt: ago(createdAgo),
      updatedAt: ago(updatedAgo),
    })
    .returning();
  await db.insert(leadEvents).values({ leadId: row!.id, note: 'Rang back, wants a quote in March', createdAt: ago(createdAgo) });
  const [file] = await db.insert(leadFiles).values({ leadId: row!.id, originalName: 'schedule.pdf', mime: 'application/pdf', bytes: 4 }).returning();
  writeFileSync(join(leadFilesRoot(dataDir), file!.id), '%PDF');
  return { lead: row!, fileId: file!.id };
}

/** A mail with its .eml file, both as old as `createdAgoDays`. */
async function mail(ref: string | null, createdAgoDays: number, status: 'sent' | 'queued' = 'sent') {
  const id = randomUUID();
  await test.database.db.insert(outbox).values({
    id,
    to: ['someone@example.ie'],
    subject: 'Fleet quote request FQ-2024-000001: Fleet Owner',
    text: 'Name: Fleet Owner',
    html: '<p>Name: Fleet Owner</p>',
    messageId: `<${id}@outbox>`,
    ref,
    status,
    sentAt: status === 'sent' ? ago(`${createdAgoDays} days`) : null,
    createdAt: ago(`${createdAgoDays} days`),
  });
  const eml = join(outboxFolder(dataDir), `2024-01-01T00-00-00-000Z-${id}.eml`);
  writeFileSync(eml, 'Subject: Fleet quote request\n\nName: Fleet Owner\n');
  const when = new Date(Date.now() - createdAgoDays * DAY);
  utimesSync(eml, when, when);
  return { id, eml };
}

const exists = async (table: typeof contacts | typeof leads | typeof outbox | typeof leadFiles, id: string) =>
  (await test.database.db.$count(table, eq(table.id, id))) === 1;

describe('the retention job', () => {
  it('deletes callbacks and requests past the retention period with their files, notes and mails, strips old mail bodies, and keeps the rest', async () => {
    const { db } = test.database;
    // Five old callbacks (more than a batch of two), one recent.
    const oldContacts = [];
    for (let i = 0; i < 5; i++) oldContacts.push(await contact(`${25 + i} months`));
    const recentContact = await contact('3 months', 'recent.caller@example.ie');
    // Sent long ago but worked on recently: its last activity counts, as for a request.
    const workedContact = await contact('30 months', 'worked.caller@example.ie', '2 months');
    const oldContactMail = await mail(`contact:${oldContacts[0]!.id}`, 25 * 30);
    const recentContactMail = await mail(`contact:${recentContact.id}`, 40);

    const oldLead = await lead('3 years', '3 years', 'FQ-2023-000001');
    const workedLead = await lead('3 years', '2 months', 'FQ-2023-000002');
    const newLead = await lead('10 days', '10 days', 'FQ-2026-000003');
    const oldLeadMail = await mail(`lead:${oldLead.lead.id}`, 3 * 365);
    const newLeadMail = await mail(`lead:${newLead.lead.id}`, 2);
    // A request staff deleted earlier: its mail is no longer explained by any record.
    const orphanMail = await mail(`lead:${randomUUID()}`, 5);
    // Someone's password-reset mail, older than the period, and a mail still waiting to be sent.
    const ancientResetMail = await mail('password-reset:x', 30 * 30);
    const queuedMail = await mail(`lead:${newLead.lead.id}`, 45, 'queued');
    // Waiting to be sent, though its request is gone or the period is past: the outbox still owes it.
    const queuedOrphan = await mail(`lead:${randomUUID()}`, 1, 'queued');
    const queuedAncient = await mail('password-reset:y', 30 * 30, 'queued');
    // An .eml left behind by a crash (no row), older than the body period.
    const strayEml = join(outboxFolder(dataDir), `2024-01-01T00-00-00-000Z-${randomUUID()}.eml`);
    writeFileSync(strayEml, 'x');
    utimesSync(strayEml, new Date(Date.now() - 60 * DAY), new Date(Date.now() - 60 * DAY));

    const result = await runRetention(db, settings, { batchSize: 2 });
    expect(result).toMatchObject({ contacts: 5, leads: 1, files: 1, mailBodies: 1 });
    // The old callback's and old request's mails with their records; the orphan and the ancient one by themselves.
    expect(result.mails).toBe(4);

    for (const row of oldContacts) {
      expect(await exists(contacts, row.id)).toBe(false);
      expect(await db.$count(contactEvents, eq(contactEvents.contactId, row.id))).toBe(0);
    }
    for (const kept of [recentContact, workedContact]) {
      expect(await exists(contacts, kept.id)).toBe(true);
      expect(await db.$count(contactEvents, eq(contactEvents.contactId, kept.id))).toBe(1);
    }
    expect(await exists(leads, oldLead.lead.id)).toBe(false);
    expect(await exists(leadFiles, oldLead.fileId)).toBe(false);
    expect(existsSync(join(leadFilesRoot(dataDir), oldLead.fileId))).toBe(false);
    expect(await db.$count(leadEvents, eq(leadEvents.leadId, oldLead.lead.id))).toBe(0);
    // Last activity counts: an old request worked two months ago stays, as does a new one.
    for (const kept of [workedLead, newLead]) {
      expect(await exists(leads, kept.lead.id)).toBe(true);
      expect(existsSync(join(leadFilesRoot(dataDir), kept.fileId))).toBe(true);
      expect(await db.$count(leadEvents, eq(leadEvents.leadId, kept.lead.id))).toBe(1);
    }

    for (const gone of [oldContactMail, oldLeadMail, orphanMail, ancientResetMail]) {
      expect(await exists(outbox, gone.id)).toBe(false);
      expect(existsSync(gone.eml)).toBe(false);
    }
    // The recent callback's 40-day-old mail keeps its envelope only.
    const [envelope] = await db.select().from(outbox).where(eq(outbox.id, recentContactMail.id));
    expect(envelope).toMatchObject({ to: ['someone@example.ie'], status: 'sent', subject: '', text: '', html: null, ref: `contact:${recentContact.id}` });
    expect(envelope!.sentAt).not.toBeNull();
    expect(existsSync(recentContactMail.eml)).toBe(false);
    // A two-day-old mail is whole; a queued one is left to be sent.
    const [whole] = await db.select().from(outbox).where(eq(outbox.id, newLeadMail.id));
    expect(whole!.text).toBe('Name: Fleet Owner');
    expect(existsSync(newLeadMail.eml)).toBe(true);
    for (const waiting of [queuedMail, queuedOrphan, queuedAncient]) {
      const [queued] = await db.select().from(outbox).where(eq(outbox.id, waiting.id));
      expect(queued?.text).toBe('Name: Fleet Owner');
    }
    expect(existsSync(strayEml)).toBe(false);

    // The run is audited with counts only.
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'retention applied'));
    expect(entry).toMatchObject({ actorId: null, target: null, details: { contacts: 5, leads: 1, files: 1, mails: 4, mailBodies: 1 } });
    expect(JSON.stringify(entry)).not.toMatch(/Caller|Fleet Owner|example\.ie|087 /);

    // A second run finds nothing left to do, and writes no audit entry.
    expect(await runRetention(db, settings, { batchSize: 2 })).toEqual({
      contacts: 0,
      leads: 0,
      files: 0,
      mails: 0,
      mailBodies: 0,
      mailFiles: 0,
      auditAddresses: 0,
    });
    expect(await db.$count(auditLog, eq(auditLog.action, 'retention applied'))).toBe(1);
  });

  it('clears the client address of audit entries older than the retention period, in batches, keeping the entries', async () => {
    const { db } = test.database;
    const entry = async (createdAgo: string, address: string | null) => {
      const [row] = await db
        .insert(auditLog)
        .values({ action: 'contact note added', target: `contact:${randomUUID()}`, address, createdAt: ago(createdAgo) })
        .returning();
      return row!;
    };
    const old = [];
    for (let i = 0; i < 5; i++) old.push(await entry(`${25 + i} months`, `203.0.113.${i + 1}`));
    const recent = await entry('23 months', '198.51.100.7');
    const result = await runRetention(db, settings, { batchSize: 2 });
    expect(result.auditAddresses).toBe(5);
    for (const row of old) {
      const [after] = await db.select().from(auditLog).where(eq(auditLog.id, row.id));
      expect(after).toMatchObject({ action: 'contact note added', target: row.target, address: null });
    }
    const [kept] = await db.select().from(auditLog).where(eq(auditLog.id, recent.id));
    expect(kept!.address).toBe('198.51.100.7');
    const [applied] = await db.select().from(auditLog).where(eq(auditLog.action, 'retention applied')).orderBy(sql`${auditLog.createdAt} desc`).limit(1);
    expect(applied!.details).toMatchObject({ auditAddresses: 5 });
    expect((await runRetention(db, settings, { batchSize: 2 })).auditAddresses).toBe(0);
  });

  it('shares the work when several servers run it at once, deleting each row once', async () => {
    const { db } = test.database;
    const rows = [];
    for (let i = 0; i < 7; i++) rows.push(await contact('30 months', `twin${i}@example.ie`));
    const runs = await Promise.all([runRetention(db, settings, { batchSize: 2 }), runRetention(db, settings, { batchSize: 2 })]);
    expect(runs[0]!.contacts + runs[1]!.contacts).toBe(7);
    for (const row of rows) expect(await exists(contacts, row.id)).toBe(false);
  });

  it('follows the configured period and stops between batches when asked', async () => {
    const { db } = test.database;
    const sevenMonths = await contact('7 months', 'seven@example.ie');
    expect((await runRetention(db, settings)).contacts).toBe(0);
    expect(await exists(contacts, sevenMonths.id)).toBe(true);
    // A shutdown before the first batch: nothing is touched.
    expect((await runRetention(db, { ...settings, retentionMonths: 6 }, { shouldStop: () => true })).contacts).toBe(0);
    expect(await exists(contacts, sevenMonths.id)).toBe(true);
    expect((await runRetention(db, { ...settings, retentionMonths: 6 })).contacts).toBe(1);
    expect(await exists(contacts, sevenMonths.id)).toBe(false);
  });
});
