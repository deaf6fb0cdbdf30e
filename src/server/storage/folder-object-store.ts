import { createReadStream, constants as fsConstants } from 'node:fs';
import { access, copyFile, cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { ObjectStore } from './object-store.ts';

/**
 * The embedded default: objects are files under the data folder, at their keys' paths
 * (`DATA_DIR/uploads/media/{id}/960.avif`), as they always were. Several servers share them
 * only through a shared folder (docs/operations/scaling.md).
 */
export function folderObjectStore(root: string): ObjectStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    // Keys are made by the app (storageKeys), never from a request; this holds them inside the root all the same.
    if (path !== base && !path.startsWith(`${base}/`)) throw new Error(`object key outside the store: ${key}`);
    return path;
  };
  const sameFolder = (prefix: string, folder: string) => resolve(folder) === pathOf(prefix);

  return {
    description: `folder ${base}`,
    remote: false,

    async putFile(key, path) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Copied beside the target, then renamed: a reader never sees half a file.
      const partial = `${target}.${process.pid}.partial`;
      try {
        await copyFile(path, partial);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(key, range) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      const body = createReadStream(path, range ? { start: range.start, end: range.end } : {});
      return { size: info.size, lastModified: info.mtime, body };
    },

    async head(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      return info?.isFile() ? { size: info.size, lastModified: info.mtime } : null;
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async deletePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },

    async listFolders(prefix) {
      const folder = pathOf(prefix);
      const names = await readdir(folder).catch(() => [] as string[]);
      const found: { name: string; lastModified: Date }[] = [];
      for (const name of names) {
        const info = await stat(join(folder, name)).catch(() => null);
        if (info) found.push({ name, lastModified: info.mtime });
      }
      return found;
    },

    async putFolder(prefix, folder) {
      if (sameFolder(prefix, folder)) return;
      await cp(folder, pathOf(prefix), { recursive: true });
    },

    async getFolder(prefix, folder) {
      if (sameFolder(prefix, folder))
        return access(folder).then(
          () => true,
          () => false,
        );
      const source = pathOf(prefix);
      if (!(await stat(source).catch(() => null))?.isDirectory()) return false;
      await cp(source, folder, { recursive: true });
      return true;
    },

    async check() {
      await mkdir(base, { recursive: true });
      await access(base, fsConstants.W_OK);
    },
  };
}
