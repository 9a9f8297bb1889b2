/**
 * The first `UploadStorage` adapter (decision 066): photos on local disk under `DATA_DIR/uploads`, one file per
 * key. Several app servers can share the folder through a network file system; the production topology plugs in
 * a shared adapter instead.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkedKey, type UploadStorage } from './upload-storage';

export function createDiskStorage(root: string): UploadStorage {
  const resolve = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside, then renamed: a reader never sees half a photo.
      const temporary = `${file}.${crypto.randomBytes(6).toString('hex')}.part`;
      await fs.writeFile(temporary, bytes, { flag: 'wx', mode: 0o640 });
      await fs.rename(temporary, file);
    },
    async get(key) {
      try {
        const bytes = new Uint8Array(await fs.readFile(resolve(key)));
        return { bytes, size: bytes.length };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async size(key) {
      try {
        return (await fs.stat(resolve(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
