import { and, asc, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { audit } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { auditLog, contacts, leads, outbox } from '../db/schema.ts';
import type { Logger } from '../log.ts';
import { deleteRecordsWithMails } from '../privacy/delete-records.ts';
import { mailFilesById, removeLeadFiles, removeMailFiles, removeMailFilesOlderThan } from '../privacy/stored-files.ts';
import type { RecurringJob } from './runner.ts';
import { folderObjectStore } from '../storage/folder-object-store.ts';
import type { ObjectStore } from '../storage/object-store.ts';

export type RetentionSettings = {
  /** Months a callback or request is kept after its last activity (RETENTION_MONTHS, the privacy statement's number). */
  retentionMonths: number;
  /** Days a sent or failed mail keeps its body (MAIL_BODY_RETENTION_DAYS). */
  mailBodyRetentionDays: number;
  /** Where the .eml copies of mail are (DATA_DIR/outbox). */
  dataDir: string;
  /** Where requests' documents are; the data folder when not given. */
  objects?: ObjectStore;
};

export type RetentionResult = {
  contacts: number;
  leads: number;
  /** Documents of the deleted requests, rows and files. */
  files: number;
  /** Mails deleted whole: those of deleted records, of records staff deleted before, and any older than the retention period. */
  mails: number;
  /** Mails reduced to their envelope. */
  mailBodies: number;
  /** .eml files removed. */
  mailFiles: number;
  /** Audit entries whose client address was cleared. */
  auditAddresses: number;
};

/** Rows per transaction: a large backlog (the first run on an old database) never becomes one huge delete. */
export const RETENTION_BATCH = 500;

/**
 * One retention run, in batches of `batchSize` rows, each batch its own transaction. Rows are
 * claimed with `FOR UPDATE SKIP LOCKED`, so several servers running the job at once share
 * the work instead of waiting for (or deadlocking on) each other's rows. Files on disk go
 * after their batch committed. `shouldStop` is asked between batches (a shutdown).
 *
 * - Callbacks and quote and renewal requests whose last activity (when they were sent, or
 *   their last change: a status, a note, an owner) is older than the retention period, with
 *   their documents, history and notes (cascade) and their mails.
 * - Mails of callbacks or requests staff deleted earlier, and any mail older than the period.
 * - Sent and failed mails older than `mailBodyRetentionDays` keep only their envelope
 *   (recipients, times, the server's answers): subject, text and HTML are cleared, and
 *   their .eml files go, as does any .eml file older than that.
 * - Audit entries older than the retention period lose the client address they recorded
 *   (personal data); what was done, by whom and when stays.
 */
export async function runRetention(
  db: Db,
  settings: RetentionSettings,
  options: { batchSize?: number; shouldStop?: () => boolean } = {},
): Promise<RetentionResult> {
  const batchSize = options.batchSize ?? RETENTION_BATCH;
  const shouldStop = options.shouldStop ?? (() => false);
  const result: RetentionResult = { contacts: 0, leads: 0, files: 0, mails: 0, mailBodies: 0, mailFiles: 0, auditAddresses: 0 };
  const recordsCutoff = sql`now() - make_interval(months => ${settings.retentionMonths})`;
  const bodiesCutoff = sql`now() - make_interval(days => ${settings.mailBodyRetentionDays})`;
  const emlFiles = await mailFilesById(settings.dataDir);

  /** Runs `batch` until it handles fewer rows than a full batch (or a shutdown asks to stop). */
  const repeat = async (batch: () => Promise<number>) => {
    while (!shouldStop()) if ((await batch()) < batchSize) return;
  };
  const afterCommit = async (deleted: { fileIds: string[]; mailIds: string[] }) => {
    await removeLeadFiles(settings.objects ?? folderObjectStore(settings.dataDir), deleted.fileIds);
    result.mailFiles += await removeMailFiles(settings.dataDir, deleted.mailIds, emlFiles);
    result.files += deleted.fileIds.length;
    result.mails += deleted.mailIds.length;
  };

  /** Callbacks or requests last active before the period, a batch at a time, with what hangs off them. */
  const expire = (table: typeof contacts | typeof leads, kind: 'contacts' | 'leads') =>
    repeat(async () => {
      const deleted = await db.transaction(async (tx) => {
        const rows: { id: string }[] = await tx
          .select({ id: table.id })
          .from(table)
          .where(lt(table.updatedAt, recordsCutoff))
          .orderBy(asc(table.updatedAt))
          .limit(batchSize)
          .for('update', { skipLocked: true });
        const ids = rows.map((row) => row.id);
        return { count: rows.length, ...(await deleteRecordsWithMails(tx, kind === 'contacts' ? ids : [], kind === 'leads' ? ids : [])) };
      });
      result[kind] += deleted.count;
      await afterCommit(deleted);
      return deleted.count;
    });
  await expire(contacts, 'contacts');
  await expire(leads, 'leads');

  // Mails no record explains any more, or older than the period. A queued mail is left to be sent.
  const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
  const leadRefPattern = `^lead:${UUID}$`;
  const contactRefPattern = `^contact:${UUID}$`;
  await repeat(async () => {
    const claim = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          ne(outbox.status, 'queued'),
          sql`(${outbox.createdAt} < ${recordsCutoff}
            or (${outbox.ref} ~ ${leadRefPattern} and not exists (select 1 from ${leads} where ${leads.id} = (case when ${outbox.ref} ~ ${leadRefPattern} then substr(${outbox.ref}, 6)::uuid end)))
            or (${outbox.ref} ~ ${contactRefPattern} and not exists (select 1 from ${contacts} where ${contacts.id} = (case when ${outbox.ref} ~ ${contactRefPattern} then substr(${outbox.ref}, 9)::uuid end))))`,
        ),
      )
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const gone = await db.delete(outbox).where(inArray(outbox.id, claim)).returning({ id: outbox.id });
    await afterCommit({ fileIds: [], mailIds: gone.map((mail) => mail.id) });
    return gone.length;
  });

  await repeat(async () => {
    const claim = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(ne(outbox.status, 'queued'), sql`${outbox.text} <> ''`, lt(outbox.createdAt, bodiesCutoff)))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const stripped = await db.update(outbox).set({ subject: '', text: '', html: null }).where(inArray(outbox.id, claim)).returning({ id: outbox.id });
    result.mailBodies += stripped.length;
    result.mailFiles += await removeMailFiles(
      settings.dataDir,
      stripped.map((mail) => mail.id),
      emlFiles,
    );
    return stripped.length;
  });

  await repeat(async () => {
    const claim = db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(isNotNull(auditLog.address), lt(auditLog.createdAt, recordsCutoff)))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const cleared = await db.update(auditLog).set({ address: null }).where(inArray(auditLog.id, claim)).returning({ id: auditLog.id });
    result.auditAddresses += cleared.length;
    return cleared.length;
  });

  // Whatever a crash left between a commit and its file removal: no .eml outlives the body period.
  if (!shouldStop()) result.mailFiles += await removeMailFilesOlderThan(settings.dataDir, settings.mailBodyRetentionDays);

  const { mailFiles: _files, ...counts } = result;
  if (Object.values(counts).some((n) => n > 0)) await audit(db, null, 'retention applied', null, counts);
  return result;
}

/** Retention daily (and at start-up on the embedded database); a run stops between batches when asked. */
export function retentionJob(deps: { db: Db; log: Logger; settings: RetentionSettings }, everyMs = 24 * 60 * 60 * 1000): RecurringJob {
  return {
    name: 'retention',
    everyMs,
    async run({ shouldStop }) {
      const result = await runRetention(deps.db, deps.settings, { shouldStop });
      if (Object.values(result).some((n) => n > 0)) deps.log.info('retention applied', result);
    },
  };
}
