/**
 * An `UploadStorage` adapter in memory (decision 066): for tests, and a second adapter that shows the contract is
 * the adapter's whole duty. Not for a running store: the photos die with the process.
 */
import { checkedKey, type UploadStorage } from './upload-storage';

export function createMemoryStorage(): UploadStorage {
  const objects = new Map<string, Uint8Array>();
  return {
    async put(key, bytes) {
      objects.set(checkedKey(key), new Uint8Array(bytes));
    },
    async get(key) {
      const bytes = objects.get(checkedKey(key));
      return bytes ? { bytes: new Uint8Array(bytes), size: bytes.length } : null;
    },
    async size(key) {
      return objects.get(checkedKey(key))?.length ?? null;
    },
    async delete(key) {
      objects.delete(checkedKey(key));
    },
  };
}
