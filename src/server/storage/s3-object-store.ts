import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config.ts';
import { bucketDescription, StorageConfigError, StorageUnavailableError, type ObjectStore } from './object-store.ts';

/** Objects copied at once when a build folder goes up or comes down. */
const PARALLEL_COPIES = 8;
/** The most keys one DeleteObjects request takes. */
const DELETE_BATCH = 1000;

type AwsError = { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
const statusOf = (error: unknown) => (error as AwsError).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => {
  const name = (error as AwsError).name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
};

/** Any failure of the store during a request becomes one the app answers with 503. */
function unavailable(error: unknown): never {
  if (error instanceof StorageUnavailableError) throw error;
  const detail = (error as AwsError).name ?? (error as AwsError).code ?? 'error';
  throw new StorageUnavailableError(`object storage failed: ${detail}`, { cause: error });
}

function clientConfig(settings: S3Settings, maxAttempts: number): S3ClientConfig {
  return {
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    maxAttempts,
    // Fail a request instead of hanging it: an upload answers 503 and may be sent again.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    // Checksums only where S3 requires them: many S3-compatible stores refuse the newer trailing ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** The one line the operator reads when the bucket cannot be used at start-up. */
export function describeStartupFailure(error: unknown, settings: S3Settings): string {
  const where = settings.endpoint ?? `S3 in ${settings.region}`;
  const status = statusOf(error);
  const name = (error as AwsError).name ?? '';
  if (status === undefined) {
    const reason = (error as AwsError).code ?? (error as AwsError).message ?? name;
    return `Cannot reach the object storage at ${where} (${reason}). Check S3_ENDPOINT and that the store is running.`;
  }
  if (status === 404 || name === 'NoSuchBucket') return `The bucket ${settings.bucket} does not exist at ${where}. Create it, or check S3_BUCKET.`;
  if (status === 401 || status === 403) {
    return `The object storage at ${where} refused the keys for bucket ${settings.bucket}. Check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the keys' rights (read, write, list, delete).`;
  }
  return `The object storage at ${where} answered ${status} ${name} for bucket ${settings.bucket}. Check S3_REGION and S3_FORCE_PATH_STYLE.`;
}

/** Runs `work` on every item, a few at a time. */
async function eachInParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += PARALLEL_COPIES) await Promise.all(items.slice(i, i + PARALLEL_COPIES).map(work));
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Objects in an S3-compatible bucket through the AWS SDK, under S3_PREFIX when set. Every
 * server configured with the same bucket sees the same uploads and builds.
 */
export function s3ObjectStore(settings: S3Settings): ObjectStore {
  const client = new S3Client(clientConfig(settings, 3));
  const bucket = settings.bucket;
  const keyOf = (key: string) => `${settings.prefix}${key}`;

  /** Every key under a prefix (without S3_PREFIX), with its time. */
  async function listAll(prefix: string): Promise<{ key: string; lastModified: Date }[]> {
    const found: { key: string; lastModified: Date }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: keyOf(prefix), ContinuationToken: token })).catch(unavailable);
      for (const item of page.Contents ?? []) {
        if (item.Key) found.push({ key: item.Key.slice(settings.prefix.length), lastModified: item.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async function putFile(key: string, path: string, contentType: string): Promise<void> {
    // One PutObject for a small file, a multipart upload for a large one (a 100 MB video); either is whole or absent.
    const upload = new Upload({ client, params: { Bucket: bucket, Key: keyOf(key), Body: createReadStream(path), ContentType: contentType } });
    await upload.done().catch(unavailable);
  }

  return {
    description: bucketDescription(settings),
    remote: true,
    putFile,

    async get(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: keyOf(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        // With a range, the whole object's size is after the slash of Content-Range.
        const size = range ? Number(answer.ContentRange?.split('/')[1]) : (answer.ContentLength ?? 0);
        return { size, lastModified: answer.LastModified ?? new Date(0), body: answer.Body as Readable };
      } catch (error) {
        if (isMissing(error)) return null;
        return unavailable(error);
      }
    },

    async head(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return { size: answer.ContentLength ?? 0, lastModified: answer.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        return unavailable(error);
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) })).catch(unavailable);
    },

    async deletePrefix(prefix) {
      const keys = (await listAll(prefix)).map((item) => ({ Key: keyOf(item.key) }));
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.slice(i, i + DELETE_BATCH), Quiet: true } })).catch(unavailable);
      }
    },

    async listFolders(prefix) {
      const newest = new Map<string, Date>();
      for (const item of await listAll(prefix)) {
        const name = item.key.slice(prefix.length).split('/')[0]!;
        const seen = newest.get(name);
        if (!seen || item.lastModified > seen) newest.set(name, item.lastModified);
      }
      return [...newest].map(([name, lastModified]) => ({ name, lastModified }));
    },

    async putFolder(prefix, folder) {
      const files = await filesUnder(folder);
      await eachInParallel(files, (file) => putFile(`${prefix}${relative(folder, file).split(sep).join('/')}`, file, 'application/octet-stream'));
    },

    async getFolder(prefix, folder) {
      const items = await listAll(prefix);
      if (items.length === 0) return false;
      // Into a folder beside the target, renamed when complete: a half-copied build is never served.
      const staging = `${folder}.${process.pid}.partial`;
      await rm(staging, { recursive: true, force: true });
      try {
        await eachInParallel(items, async (item) => {
          const target = join(staging, item.key.slice(prefix.length));
          await mkdir(dirname(target), { recursive: true });
          const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(item.key) })).catch(unavailable);
          await pipeline(answer.Body as Readable, createWriteStream(target));
        });
        await rename(staging, folder);
      } catch (error) {
        await rm(staging, { recursive: true, force: true });
        throw error;
      }
      return true;
    },

    async check() {
      // Fewer attempts than requests get: a wrong setting should stop the start quickly.
      const probe = new S3Client(clientConfig(settings, 2));
      const key = keyOf('.storage-check');
      try {
        await probe.send(new HeadBucketCommand({ Bucket: bucket }));
        // Listing, writing and deleting are what the app does; keys that may only read fail here, not on the first upload.
        await probe.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: key, MaxKeys: 1 }));
        await probe.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'ok', ContentType: 'text/plain' }));
        await probe.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw new StorageConfigError(describeStartupFailure(error, settings), { cause: error });
      } finally {
        probe.destroy();
      }
    },
  };
}
