/**
 * Repair photos decoded and re-encoded (decision 085). Every fixture is made here with sharp; what was stored is
 * read back with sharp's own decoder and metadata, and the expected sizes are written down.
 */
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { rewritePhoto } from './photos-image.server';

const ascii = (text: string) => Buffer.from(text, 'latin1');

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#b5462c' }, limitInputPixels: false });
}

/** A phone-like JPEG: a camera make and a GPS position in its EXIF. */
async function jpegWithGps(): Promise<Buffer> {
  return solid(64, 48)
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 40/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '111/1 2/1 0/1',
      },
    })
    .toBuffer();
}

async function rewritten(bytes: Uint8Array) {
  const result = await rewritePhoto(bytes);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return { ...result, metadata: await sharp(result.bytes).metadata() };
}

describe('valid photos are accepted and stored re-encoded', () => {
  test('a JPEG keeps its type and size and loses its EXIF, GPS position included', async () => {
    const input = await jpegWithGps();
    // The fixture does carry the data that must go: its EXIF names the maker and has a GPS IFD (tag 0x8825,
    // little-endian in libvips' EXIF).
    const before = await sharp(input).metadata();
    expect(before.exif?.includes(ascii('PhoneMaker'))).toBe(true);
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const stored = await rewritten(input);
    expect(stored.type).toBe('image/jpeg');
    expect([stored.metadata.format, stored.metadata.width, stored.metadata.height]).toEqual(['jpeg', 64, 48]);
    expect(stored.metadata.exif).toBeUndefined();
    expect(stored.metadata.xmp).toBeUndefined();
    expect(stored.metadata.icc).toBeUndefined();
    expect(Buffer.from(stored.bytes).includes(ascii('PhoneMaker'))).toBe(false);
    expect(Buffer.from(stored.bytes).includes(ascii('Exif\0\0'))).toBe(false);
  });

  test('a PNG and a WebP keep their type and size', async () => {
    const png = await rewritten(await solid(30, 20).png().toBuffer());
    expect([png.type, png.metadata.format, png.metadata.width, png.metadata.height]).toEqual([
      'image/png',
      'png',
      30,
      20,
    ]);
    const webp = await rewritten(await solid(30, 20).webp().toBuffer());
    expect([webp.type, webp.metadata.format, webp.metadata.width, webp.metadata.height]).toEqual([
      'image/webp',
      'webp',
      30,
      20,
    ]);
  });

  test('a PNG keeps no text chunks', async () => {
    const input = await solid(16, 16)
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'Secret Place' } } })
      .toBuffer();
    expect(input.includes(ascii('Secret Place'))).toBe(true);
    const stored = await rewritten(input);
    expect(Buffer.from(stored.bytes).includes(ascii('Secret Place'))).toBe(false);
    expect(stored.metadata.exif).toBeUndefined();
  });

  test('a photo is turned upright by its EXIF orientation before the EXIF goes', async () => {
    // 60×40 stored, orientation 6: shown rotated 90°, 40 wide and 60 high.
    const input = await solid(60, 40).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const stored = await rewritten(input);
    expect([stored.width, stored.height, stored.metadata.orientation]).toEqual([40, 60, undefined]);
  });

  test('a photo wider than 4096 px is shrunk to 4096 px, keeping its shape', async () => {
    const stored = await rewritten(await solid(5000, 1000).webp().toBuffer());
    expect([stored.metadata.width, stored.metadata.height]).toEqual([4096, 819]);
  });

  test('49,999,041 pixels (7071×7071) are accepted', async () => {
    const stored = await rewritten(await solid(7071, 7071).png().toBuffer());
    expect([stored.metadata.width, stored.metadata.height]).toEqual([4096, 4096]);
  });
});

describe('what is not a clean image is refused or cleaned', () => {
  test('a JPEG/HTML polyglot comes out as a plain JPEG without the page', async () => {
    const page = ascii('<html><body><script>fetch("/x?c="+document.cookie)</script></body></html>');
    const jpeg = await solid(64, 48).jpeg().toBuffer();
    // The page in a JPEG comment segment (FF FE, length) right after the start of image, and again after the end.
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, page.length + 2]), page]);
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2), page]);
    // It is a valid JPEG as it stands (what made it dangerous).
    expect((await sharp(polyglot).metadata()).format).toBe('jpeg');

    const stored = await rewritten(polyglot);
    expect([stored.metadata.format, stored.metadata.width, stored.metadata.height]).toEqual(['jpeg', 64, 48]);
    const text = Buffer.from(stored.bytes).toString('latin1');
    expect(text).not.toContain('<script');
    expect(text).not.toContain('<html');
    expect(stored.metadata.comments).toBeUndefined();
  });

  test('an HTML page behind a JPEG signature does not decode and is refused', async () => {
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      ascii('<html><script>alert(1)</script>'),
    ]);
    expect(await rewritePhoto(fake)).toEqual({ ok: false, reason: 'not-an-image' });
  });

  test('a truncated JPEG and a PNG with a broken body are refused', async () => {
    const jpeg = await solid(64, 48).jpeg().toBuffer();
    expect(await rewritePhoto(jpeg.subarray(0, jpeg.length - 40))).toEqual({
      ok: false,
      reason: 'not-an-image',
    });
    const png = await solid(64, 48).png().toBuffer();
    const broken = Buffer.from(png);
    broken.fill(0x55, 60, png.length - 12);
    expect(await rewritePhoto(broken)).toEqual({ ok: false, reason: 'not-an-image' });
  });

  test('a file whose signature and content disagree is refused (a PNG signature on a JPEG)', async () => {
    const jpeg = await solid(8, 8).jpeg().toBuffer();
    const mixed = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpeg]);
    expect(await rewritePhoto(mixed)).toEqual({ ok: false, reason: 'not-an-image' });
  });

  test('a 1.1 MB PNG that decodes to 20000×20000 pixels is refused before it is decoded', async () => {
    const bomb = await solid(20000, 20000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeGreaterThan(1_000_000);
    expect(bomb.length).toBeLessThan(1_300_000);
    const started = performance.now();
    expect(await rewritePhoto(bomb)).toEqual({ ok: false, reason: 'too-many-pixels' });
    // Decoding 400 million pixels takes seconds; reading the header, milliseconds.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test('50,006,112 pixels (7072×7071) are one row over the cap', async () => {
    expect(await rewritePhoto(await solid(7072, 7071).png().toBuffer())).toEqual({
      ok: false,
      reason: 'too-many-pixels',
    });
  });
});
