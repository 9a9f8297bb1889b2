/**
 * What every `UploadStorage` adapter must do (decision 066), as tests any adapter runs with its own factory:
 * `uploadStorageContract('disk', () => createDiskStorage(dir))`. An adapter is done when this passes against it:
 * the disk and memory ones in `upload-storage.test.ts`, the database one (decision 084) on PGlite and PostgreSQL in
 * `test/integration/upload-storage.test.ts`.
 */
import { describe, expect, test } from 'vitest';
import { newStorageKey, type UploadStorage } from './upload-storage';

export function uploadStorageContract(name: string, create: () => UploadStorage | Promise<UploadStorage>) {
  describe(`UploadStorage contract: ${name}`, () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

    test('put then get answers the same bytes and their size', async () => {
      const storage = await create();
      const key = newStorageKey(7, 'png');
      await storage.put(key, bytes);
      expect(await storage.get(key)).toEqual({ bytes, size: 7 });
      expect(await storage.size(key)).toBe(7);
    });

    test('a missing object is null for get and size, and deleting it is not an error', async () => {
      const storage = await create();
      const key = newStorageKey(7, 'jpg');
      expect(await storage.get(key)).toBeNull();
      expect(await storage.size(key)).toBeNull();
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    test('delete removes the object', async () => {
      const storage = await create();
      const key = newStorageKey(7, 'webp');
      await storage.put(key, bytes);
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.size(key)).toBeNull();
    });

    test('a put replaces the object, and the caller changing its buffer later changes nothing stored', async () => {
      const storage = await create();
      const key = newStorageKey(7, 'png');
      await storage.put(key, bytes);
      const second = new Uint8Array([9, 8, 7]);
      await storage.put(key, second);
      second[0] = 0;
      expect(await storage.get(key)).toEqual({ bytes: new Uint8Array([9, 8, 7]), size: 3 });
    });

    test('a photo of the largest size comes back byte for byte', async () => {
      const storage = await create();
      const key = newStorageKey(7, 'jpg');
      // 8 MB, every byte value, in an order no run-length or compression would keep by accident.
      const large = new Uint8Array(8 * 1024 * 1024);
      for (let i = 0; i < large.length; i++) large[i] = (i * 7919 + (i >> 11)) & 0xff;
      await storage.put(key, large);
      expect(await storage.size(key)).toBe(8 * 1024 * 1024);
      const back = await storage.get(key);
      expect(back?.size).toBe(8 * 1024 * 1024);
      expect(Buffer.from(back!.bytes).equals(Buffer.from(large))).toBe(true);
    });

    test('keys are kept apart', async () => {
      const storage = await create();
      const first = newStorageKey(7, 'png');
      const second = newStorageKey(8, 'png');
      await storage.put(first, bytes);
      await storage.put(second, new Uint8Array([1]));
      expect((await storage.get(first))?.size).toBe(7);
      expect((await storage.get(second))?.size).toBe(1);
    });

    test('a key of another shape is refused before it reaches the store', async () => {
      const storage = await create();
      for (const key of ['../../etc/passwd', 'c7/short.png', 'c0/aaaaaaaaaaaaaaaaaaaaaa.png', ''])
        await expect(storage.put(key, bytes)).rejects.toThrow(
          'Refusing a storage key of an unexpected shape',
        );
      await expect(storage.get('c7/../../x.png')).rejects.toThrow();
    });
  });
}
