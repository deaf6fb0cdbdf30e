import type { Config } from '../config.ts';
import { folderObjectStore } from './folder-object-store.ts';
import type { ObjectStore } from './object-store.ts';
import { s3ObjectStore } from './s3-object-store.ts';

/** The store the configuration names: the bucket when S3_BUCKET is set, the data folder otherwise. */
export const openObjectStore = (config: Pick<Config, 's3' | 'dataDir'>): ObjectStore =>
  config.s3 ? s3ObjectStore(config.s3) : folderObjectStore(config.dataDir);
