/**
 * Build-time compression of the fingerprinted client assets (decision 062): next to each script and style sheet in
 * `build/client/assets`, a `.gz` made by Zopfli (a slower, denser encoder of ordinary gzip: about 3 % smaller than
 * zlib at its default level, what `compression()` makes on the fly) and a `.br` made by Brotli at its densest
 * setting. The server sends one of them to a browser that accepts it (server/http/precompressed.ts), so the bytes a
 * shopper downloads are these, and no request pays for compressing them.
 *
 * Each file is written only when it is smaller than the original, and each `.gz` is decoded again and compared with
 * its source before it is kept: a broken encoder fails the build instead of the shoppers' pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** What is worth compressing: text. Images and fonts in `assets/` are compressed already. */
export const COMPRESSIBLE = /\.(?:js|css|svg|json|txt|map)$/;

/**
 * Zopfli's iterations. On the framework chunk (256 KB): 1 → 78,192 bytes, 5 → 78,101, 15 → 78,101 (twice the time),
 * 30 → 78,095 (three times).
 */
const ZOPFLI_ITERATIONS = 5;
/**
 * Below this size Zopfli's block splitting is left off: it costs about 0.3 s per file whatever its size, and on the
 * small chunks it saves 0 to 3 bytes (the shell chunk, 41 KB: 14,304 bytes without it, 14,060 with it).
 */
const BLOCK_SPLITTING_FROM = 16 * 1024;

/** Every compressible file under `dir` (recursively), as paths relative to it. */
function compressibleFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => COMPRESSIBLE.test(name) && fs.statSync(path.join(dir, name)).isFile());
}

/**
 * Writes `<file>.gz` and `<file>.br` next to every compressible file in `dir`, removing stale ones first.
 * Returns what it did, for the build's log.
 */
export async function precompressAssets(dir) {
  const { gzipAsync } = await import('@gfx/zopfli');
  for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (/\.(?:gz|br)$/.test(name)) fs.rmSync(path.join(dir, name));
  }
  let files = 0;
  let original = 0;
  let gzipped = 0;
  let brotli = 0;
  for (const name of compressibleFiles(dir)) {
    const file = path.join(dir, name);
    const bytes = fs.readFileSync(file);
    const zopfli = Buffer.from(
      await gzipAsync(bytes, {
        numiterations: ZOPFLI_ITERATIONS,
        blocksplitting: bytes.length >= BLOCK_SPLITTING_FROM,
      }),
    );
    // Without block splitting Zopfli can lose a byte or two to zlib's densest level on a tiny file: keep the smaller.
    const densest = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
    const gz = zopfli.length <= densest.length ? zopfli : densest;
    if (!zlib.gunzipSync(gz).equals(bytes)) throw new Error(`The gzip copy of ${name} does not decode to it`);
    const br = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    files += 1;
    original += bytes.length;
    if (gz.length < bytes.length) {
      fs.writeFileSync(`${file}.gz`, gz);
      gzipped += gz.length;
    } else gzipped += bytes.length;
    if (br.length < bytes.length) {
      fs.writeFileSync(`${file}.br`, br);
      brotli += br.length;
    } else brotli += bytes.length;
  }
  return { files, original, gzipped, brotli };
}
