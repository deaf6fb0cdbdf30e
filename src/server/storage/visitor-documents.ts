import { and, isNull, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Upload } from '@tus/server';
import type { LeadFileView } from '#src/schemas/lead-view.ts';
import type { AppEnv } from '../app-env.ts';
import { clientAddress, consume, LIMITS } from '../auth/rate-limit.ts';
import type { Db } from '../db/client.ts';
import { leadFiles } from '../db/schema.ts';
import { sendOk } from '../http/envelope.ts';
import { checkDocument } from './documents.ts';
import { type ObjectStore, storageKeys } from './object-store.ts';
import type { UploadPurposeHandler } from './upload-purpose.ts';

/**
 * A visitor's document for a quote request: anyone may send one (small, held to its cap by
 * tus, rate-limited per address when it starts); checked by its bytes and kept as it came,
 * unattached until the request that names it is sent.
 */
export const visitorDocuments: UploadPurposeHandler = {
  async admit(c) {
    if (c.req.method === 'POST') await consume(c.var.db, LIMITS.publicUploadPerAddress, clientAddress(c, c.var.config.trustProxy));
  },

  async finish(c: Context<AppEnv>, upload: Upload, rawPath: string): Promise<Response> {
    const mime = await checkDocument(rawPath);
    const name = (upload.metadata?.filename ?? 'schedule').replace(/[\\/\r\n"]/g, '_').slice(0, 200);
    // The file first, then its row: a row never names a file that is not there (a file with no row is swept).
    const id = crypto.randomUUID();
    await c.var.objects.putFile(storageKeys.leadFile(id), rawPath, mime);
    const [row] = await c.var.db
      .insert(leadFiles)
      .values({ id, originalName: name, mime, bytes: upload.size ?? upload.offset })
      .returning()
      .catch(async (error: unknown) => {
        await c.var.objects.delete(storageKeys.leadFile(id)).catch(() => undefined);
        throw error;
      });
    const file: LeadFileView = { _id: row!.id, name: row!.originalName, bytes: row!.bytes };
    return sendOk(c, 'File uploaded.', { file });
  },
};

/** Documents no request claimed within a day, with their files; returns how many. */
export async function deleteUnclaimedDocuments(db: Db, objects: ObjectStore): Promise<number> {
  const orphans = await db
    .delete(leadFiles)
    .where(and(isNull(leadFiles.leadId), lt(leadFiles.createdAt, sql`now() - interval '1 day'`)))
    .returning({ id: leadFiles.id });
  await Promise.all(orphans.map((row) => objects.delete(storageKeys.leadFile(row.id))));
  return orphans.length;
}
