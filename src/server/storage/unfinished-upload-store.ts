import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, ERRORS, Upload } from '@tus/server';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { unfinishedUploads } from '../db/schema.ts';
import { UNAVAILABLE_MESSAGE } from '../http/unavailable.ts';
import { type ObjectStore, StorageUnavailableError, storageKeys } from './object-store.ts';

/** The bucket failed while a piece was stored: nothing moved, the client sends the chunk again. */
export const STORE_UNAVAILABLE = { status_code: 503, body: JSON.stringify({ ok: false, message: UNAVAILABLE_MESSAGE, errors: [] }) };

/**
 * tus's data store for uploads still arriving, shared by every app server: each PATCH's bytes
 * become one object (`uploads/unfinished/{id}/{offset}-{random}`) in the object store (the data
 * folder, or the bucket), and the upload's length, offset and pieces are a database row. So
 * a visitor whose connection drops can resume at any server behind the load balancer, where
 * tus's own file store kept the bytes on one machine's disk. (tus's S3 store needs S3's
 * ListParts, which the S3-compatible server we can run here lacks; this needs only put, get
 * and delete, which every store has.)
 *
 * The offset moves only by a conditional update (`WHERE offset = $expected`): two requests
 * appending at one offset, on one server or two, cannot both win; the loser's piece is deleted
 * and it answers 409, as tus says.
 */
export class UnfinishedUploadStore extends DataStore {
  private readonly db: Db;
  private readonly objects: ObjectStore;
  /** Local scratch space: a PATCH's bytes land here before they are stored, and a finished upload is put together here. */
  private readonly scratch: string;
  private readonly expiresAfterMs: number;

  constructor(db: Db, objects: ObjectStore, scratch: string, expiresAfterMs: number) {
    super();
    this.db = db;
    this.objects = objects;
    this.scratch = scratch;
    this.expiresAfterMs = expiresAfterMs;
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration'];
  }

  override async create(upload: Upload): Promise<Upload> {
    // Every purpose requires the length up front (uploads.ts refuses a deferred one before this runs).
    if (upload.size === undefined) throw ERRORS.INVALID_LENGTH;
    const [row] = await this.db
      .insert(unfinishedUploads)
      .values({ id: upload.id, size: upload.size, metadata: upload.metadata ?? {} })
      .returning({ createdAt: unfinishedUploads.createdAt });
    upload.creation_date = row!.createdAt.toISOString();
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const [row] = await this.db.select().from(unfinishedUploads).where(eq(unfinishedUploads.id, id));
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({ id, size: row.size, offset: row.offset, metadata: row.metadata, creation_date: row.createdAt.toISOString() });
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    const updated = await this.db.update(unfinishedUploads).set({ size: length }).where(eq(unfinishedUploads.id, id)).returning({ id: unfinishedUploads.id });
    if (updated.length === 0) throw ERRORS.FILE_NOT_FOUND;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    await mkdir(this.scratch, { recursive: true });
    const arriving = join(this.scratch, `${id}-${randomUUID()}`);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, chunk);
      },
    });
    let failure: unknown;
    try {
      await pipeline(readable, counter, createWriteStream(arriving)).catch((error: unknown) => {
        // A dropped connection or a size limit: keep what arrived, so the client resumes after it.
        failure = error;
      });
      if (received > 0) offset = await this.append(id, offset, arriving, received);
    } finally {
      await rm(arriving, { force: true });
    }
    if (failure) throw failure;
    return offset;
  }

  /** Stores one piece and moves the offset past it, unless another request got there first. */
  private async append(id: string, offset: number, file: string, bytes: number): Promise<number> {
    const key = storageKeys.unfinishedPart(id, `${String(offset).padStart(12, '0')}-${randomUUID()}`);
    await this.objects.putFile(key, file, 'application/octet-stream').catch((error: unknown) => {
      // tus answers what a store throws in its own shape; the route adds Retry-After.
      if (error instanceof StorageUnavailableError) throw STORE_UNAVAILABLE;
      throw error;
    });
    const [row] = await this.db
      .update(unfinishedUploads)
      .set({ offset: sql`${unfinishedUploads.offset} + ${bytes}`, parts: sql`${unfinishedUploads.parts} || ${JSON.stringify([key])}::jsonb` })
      .where(and(eq(unfinishedUploads.id, id), eq(unfinishedUploads.offset, offset)))
      .returning({ offset: unfinishedUploads.offset });
    if (!row) {
      await this.objects.delete(key);
      throw ERRORS.INVALID_OFFSET;
    }
    return row.offset;
  }

  /** Puts a complete upload's pieces together in one local file, for the purpose to check and store. */
  async assemble(id: string): Promise<string> {
    const [row] = await this.db.select({ parts: unfinishedUploads.parts }).from(unfinishedUploads).where(eq(unfinishedUploads.id, id));
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    await mkdir(this.scratch, { recursive: true });
    const whole = join(this.scratch, `${id}-whole-${randomUUID()}`);
    const out = createWriteStream(whole);
    try {
      for (const key of row.parts) {
        const piece = await this.objects.get(key);
        if (!piece) throw ERRORS.FILE_NO_LONGER_EXISTS;
        await pipeline(piece.body, out, { end: false });
      }
    } catch (error) {
      out.destroy();
      await rm(whole, { force: true });
      throw error;
    }
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    return whole;
  }

  override async remove(id: string): Promise<void> {
    const removed = await this.db.delete(unfinishedUploads).where(eq(unfinishedUploads.id, id)).returning({ id: unfinishedUploads.id });
    await this.objects.deletePrefix(storageKeys.unfinishedFolder(id));
    if (removed.length === 0) throw ERRORS.FILE_NOT_FOUND;
  }

  override getExpiration(): number {
    return this.expiresAfterMs;
  }

  /** Uploads begun more than a day ago and never finished, their pieces, and scratch files a crash left. */
  override async deleteExpired(): Promise<number> {
    const before = new Date(Date.now() - this.expiresAfterMs);
    const expired = await this.db.delete(unfinishedUploads).where(lt(unfinishedUploads.createdAt, before)).returning({ id: unfinishedUploads.id });
    for (const { id } of expired) await this.objects.deletePrefix(storageKeys.unfinishedFolder(id));
    for (const name of await readdir(this.scratch).catch(() => [] as string[])) {
      const path = join(this.scratch, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtime < before) await rm(path, { force: true });
    }
    return expired.length;
  }
}
