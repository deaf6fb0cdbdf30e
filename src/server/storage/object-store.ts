import type { Readable } from 'node:stream';
import type { S3Settings } from '../config.ts';

/**
 * Where uploads and published site builds are kept: a folder under DATA_DIR (the embedded
 * default, folder-object-store.ts) or an S3-compatible bucket (s3-object-store.ts). Keys are
 * paths with forward slashes (`uploads/media/{id}/960.avif`); every server sharing the store
 * sees the same objects. See docs/operations/scaling.md.
 */
export type ObjectStore = {
  /** What holds the objects, for logs and the start-up line ("folder ./data", "s3 bucket x"). */
  readonly description: string;
  /** Whether objects live apart from this machine's data folder (then builds are copied in and out). */
  readonly remote: boolean;
  /** Stores a file's bytes under `key`, whole or not at all. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** An object's bytes (a byte range of them when asked), or null when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** An object's size and time, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Deletes one object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
  /** The names directly under a folder-like prefix (`uploads/media/`), each with its newest object's time. */
  listFolders(prefix: string): Promise<{ name: string; lastModified: Date }[]>;
  /** Copies a local folder's files to objects under `prefix` (nothing to do where they are the same place). */
  putFolder(prefix: string, folder: string): Promise<void>;
  /** Copies the objects under `prefix` into a new local folder; false when there are none. */
  getFolder(prefix: string, folder: string): Promise<boolean>;
  /** Start-up check that the store can be read and written; throws StorageConfigError when not. */
  check(): Promise<void>;
};

export type ByteRange = { start: number; end: number };
export type ObjectInfo = { size: number; lastModified: Date };
export type StoredObject = ObjectInfo & { body: Readable };

/** The store could not be reached or refused a request: the caller answers 503, nothing is half-written. */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

/** The store is configured wrongly or cannot be reached at start-up; the message is one line for the operator. */
export class StorageConfigError extends Error {
  override name = 'StorageConfigError';
}

/** Keys of what the app stores; the folder store keeps them at the same paths under DATA_DIR. */
export const storageKeys = {
  mediaFolder: (id: string) => `uploads/media/${id}/`,
  media: (id: string, file: string) => `uploads/media/${id}/${file}`,
  mediaRoot: 'uploads/media/',
  leadFile: (id: string) => `uploads/lead-files/${id}`,
  leadFilesRoot: 'uploads/lead-files/',
  /** A resumable upload's pieces while it arrives (unfinished-upload-store.ts). */
  unfinishedFolder: (id: string) => `uploads/unfinished/${id}/`,
  unfinishedPart: (id: string, part: string) => `uploads/unfinished/${id}/${part}`,
  siteBuild: (id: string) => `site-builds/${id}/`,
  siteBuildsRoot: 'site-builds/',
} as const;

/** A bucket as logs and the start-up line name it. */
export const bucketDescription = (settings: S3Settings) =>
  `s3 bucket ${settings.bucket}${settings.prefix ? ` under ${settings.prefix}` : ''}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
