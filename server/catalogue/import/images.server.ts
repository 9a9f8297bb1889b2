/**
 * Images of an import (decision 096). Nothing is downloaded: a URL is kept as given (its size from the record, or the
 * 4:5 frame of the store's own product art when the record gives none); a local file, named relative to the
 * import file, is checked (it exists, sharp can read it) and stored in the database (`imported_images`, served at
 * `/images/imported/` by every app server) under a name made of its content's hash, so that importing the same file
 * twice stores one copy and the URL of a given picture never changes (it is cached as immutable).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Tx } from '../../db/database.server';
import { IMAGE_HEIGHT, IMAGE_WIDTH } from '../../db/seed/product-art';
import { importedImages } from '../schema';
import { IMPORTED_IMAGES_PATH, importedImageType } from './image-paths';
import type { ImportImage, ImportProduct, ImportRefusal } from './records';

/** A larger file is refused: a product photo for the web is a few hundred kilobytes. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

export type ResolvedImage = { url: string; width: number; height: number };

type PendingCopy = { from: string; name: string; contentType: string };

/**
 * Checks every local image and works out each image's URL and size; returns the refusals, and `store(tx)` to put
 * the pictures in the database in the import's own transaction (a refused run stores nothing).
 */
export async function resolveImages(
  products: readonly ImportProduct[],
  options: { baseDir: string },
): Promise<{
  resolved: Map<ImportImage, ResolvedImage>;
  refusals: ImportRefusal[];
  store(tx: Tx): Promise<number>;
}> {
  const resolved = new Map<ImportImage, ResolvedImage>();
  const refusals: ImportRefusal[] = [];
  const copies = new Map<string, PendingCopy>();
  const byFile = new Map<
    string,
    Promise<{ name: string; width: number; height: number; contentType: string } | string>
  >();
  for (const product of products) {
    for (const [index, image] of product.images.entries()) {
      if (image.source.kind === 'url') {
        resolved.set(image, {
          url: image.source.url,
          width: image.width ?? IMAGE_WIDTH,
          height: image.height ?? IMAGE_HEIGHT,
        });
        continue;
      }
      const file = path.resolve(options.baseDir, image.source.path);
      let inspected = byFile.get(file);
      if (!inspected) {
        inspected = inspect(file);
        byFile.set(file, inspected);
      }
      const outcome = await inspected;
      if (typeof outcome === 'string') {
        refusals.push({
          record: product.source.label,
          sku: product.sku,
          field: `images[${index}].image_file`,
          message: outcome,
        });
        continue;
      }
      copies.set(outcome.name, { from: file, name: outcome.name, contentType: outcome.contentType });
      resolved.set(image, {
        url: `${IMPORTED_IMAGES_PATH}/${outcome.name}`,
        width: image.width ?? outcome.width,
        height: image.height ?? outcome.height,
      });
    }
  }
  return {
    resolved,
    refusals,
    async store(tx) {
      let written = 0;
      for (const { from, name, contentType } of copies.values()) {
        const stored = await tx
          .insert(importedImages)
          .values({ name, contentType, bytes: fs.readFileSync(from) })
          .onConflictDoNothing()
          .returning({ name: importedImages.name });
        written += stored.length;
      }
      return written;
    },
  };
}

async function inspect(
  file: string,
): Promise<{ name: string; width: number; height: number; contentType: string } | string> {
  let bytes: Buffer;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return `is not a file: ${file}`;
    if (stat.size > MAX_IMAGE_BYTES) return `is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB: ${file}`;
    bytes = fs.readFileSync(file);
  } catch {
    return `file not found: ${file}`;
  }
  try {
    const metadata = await sharp(bytes).metadata();
    if (!metadata.width || !metadata.height) return `is not an image sharp can read: ${file}`;
    const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    const extension = path.extname(file).toLowerCase().replace('.jpeg', '.jpg');
    const contentType = importedImageType(`${hash}${extension}`);
    if (!contentType) return `is not a .jpg, .png, .webp, .gif, .avif or .svg file: ${file}`;
    return { name: `${hash}${extension}`, width: metadata.width, height: metadata.height, contentType };
  } catch {
    return `is not an image sharp can read: ${file}`;
  }
}
