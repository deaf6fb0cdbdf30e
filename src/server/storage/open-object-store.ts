import type { Config, S3Settings } from '../config.ts';
import { folderObjectStore } from './folder-object-store.ts';
import { bucketDescription, type ObjectStore } from './object-store.ts';

/** The store the configuration names: the bucket when S3_BUCKET is set, the data folder otherwise. */
export const openObjectStore = (config: Pick<Config, 's3' | 'dataDir'>): ObjectStore =>
  config.s3 ? lazyS3ObjectStore(config.s3) : folderObjectStore(config.dataDir);

/**
 * The bucket's store, with the AWS SDK loaded at its first use: the SDK takes half a second or
 * more to import, which a server keeping its files in the data folder should not pay at start-up.
 */
function lazyS3ObjectStore(settings: S3Settings): ObjectStore {
  let loaded: Promise<ObjectStore> | undefined;
  const store = () => (loaded ??= import('./s3-object-store.ts').then((module) => module.s3ObjectStore(settings)));
  return {
    description: bucketDescription(settings),
    remote: true,
    putFile: async (...args) => (await store()).putFile(...args),
    get: async (...args) => (await store()).get(...args),
    head: async (...args) => (await store()).head(...args),
    delete: async (...args) => (await store()).delete(...args),
    deletePrefix: async (...args) => (await store()).deletePrefix(...args),
    listFolders: async (...args) => (await store()).listFolders(...args),
    putFolder: async (...args) => (await store()).putFolder(...args),
    getFolder: async (...args) => (await store()).getFolder(...args),
    check: async () => (await store()).check(),
  };
}
