import fs from 'node:fs';
import type { RequestHandler } from 'express';

/**
 * The build's compressed copies of the client assets (scripts/precompress.mjs, decision 062): `x.js.br` (Brotli at
 * its densest) and `x.js.gz` (Zopfli) next to `x.js`. A browser that accepts one gets it, with the original's type,
 * `Content-Encoding` and `Vary: Accept-Encoding`; `compression()` then leaves the response alone (it is encoded
 * already), so no request pays for compressing a script, and the bytes are smaller than zlib makes on the fly.
 */
export type Encoding = 'br' | 'gzip';

/** Brotli first: for the same file it is about 11 % smaller than even Zopfli's gzip. */
const PREFERENCE: readonly Encoding[] = ['br', 'gzip'];
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** `gzip;q=0.5` → ['gzip', 0.5]; a weight that is not a number between 0 and 1 makes the entry unusable (q = 0). */
function parseCoding(entry: string): [string, number] {
  const [name = '', ...params] = entry.split(';').map((part) => part.trim());
  let weight = 1;
  for (const param of params) {
    const [key, value] = param.split('=').map((part) => part.trim());
    if (key?.toLowerCase() !== 'q') continue;
    weight = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
  }
  return [name.toLowerCase(), weight];
}

/**
 * The encoding to send, of those `available`, for an `Accept-Encoding` header (RFC 9110 §12.5.3): the one with the
 * highest weight, Brotli before gzip on a tie; `*` stands for any coding the header does not name; `x-gzip` is gzip;
 * `q=0` refuses. `null` means the original bytes: no header (as `compression()` reads it), or nothing acceptable.
 */
export function chooseEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    if (!entry.trim()) continue;
    const [name, weight] = parseCoding(entry);
    const coding = name === 'x-gzip' ? 'gzip' : name;
    weights.set(coding, Math.max(weights.get(coding) ?? 0, weight));
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of PREFERENCE) {
    if (!available.includes(encoding)) continue;
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** Which compressed copies each file of `dir` has, keyed by its URL path inside the directory (`/x.js`). */
export function compressedVariants(dir: string): Map<string, Encoding[]> {
  const files = new Set(fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }));
  const variants = new Map<string, Encoding[]>();
  for (const name of files) {
    const available = PREFERENCE.filter((encoding) => files.has(`${name}${SUFFIX[encoding]}`));
    if (available.length > 0) variants.set(`/${name.split('\\').join('/')}`, available);
  }
  return variants;
}

/**
 * Mounted where `express.static` serves `dir`, just before it: points the request at the compressed copy the browser
 * accepts, and `express.static` sends that file (its own length, validators and cache headers). The directory is
 * read once: the build's fingerprinted assets never change under the same name while the server runs.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const variants = compressedVariants(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const available = variants.get(req.path);
    if (!available) return next();
    res.vary('Accept-Encoding');
    const encoding = chooseEncoding(req.get('Accept-Encoding'), available);
    if (!encoding) return next();
    res.setHeader('Content-Encoding', encoding);
    // The original's type: `express.static` sets one only when the response has none, and would name the `.gz`'s.
    res.type(req.path.slice(req.path.lastIndexOf('.')));
    const query = req.url.indexOf('?');
    req.url = `${req.path}${SUFFIX[encoding]}${query === -1 ? '' : req.url.slice(query)}`;
    next();
  };
}
