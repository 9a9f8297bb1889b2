import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createDiskStorage } from './disk-storage.server';
import { createMemoryStorage } from './memory-storage';
import { uploadStorageContract } from './upload-storage.contract';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

uploadStorageContract('disk', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-storage-'));
  roots.push(root);
  return createDiskStorage(root);
});

uploadStorageContract('memory', createMemoryStorage);
