import crypto from 'node:crypto';

/**
 * Shareable responses (public, anonymous, 200): buffered whole, made byte-identical for every visitor, given a
 * weak ETag, and kept briefly in a bounded in-process cache. See docs/decisions/010-caching-and-csp.md.
 */
export type ShareableEntry = {
  body: Buffer;
  /** Headers of the rendered response to send again (Content-Type, Cache-Control, Vary, Link, …). */
  headers: [string, string][];
  etag: string;
  /** SHA-256 hashes (base64) of the inline scripts the renderer emitted, for the CSP; null for non-HTML. */
  scriptHashes: string[] | null;
  storedAt: number;
};

/** Headers never replayed from a stored response: they are per request or recomputed. */
const PER_REQUEST_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'date',
  'etag',
  'server-timing',
  'x-request-id',
  'content-security-policy',
  'set-cookie',
]);

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * Turns an HTML document rendered with this request's CSP nonce into one without it: every inline script that
 * carries the nonce is allowed by its hash instead, and the nonce attributes are removed. A script that does not
 * carry the nonce (markup injected through data) gets no hash, so the policy blocks it exactly as the nonce
 * would have. The nonce never leaves the server, so nothing in the page can be used to forge a script.
 */
export function nonceToHashes(html: string, nonce: string): { html: string; hashes: string[] } {
  const marker = ` nonce="${nonce}"`;
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [, attributes = '', content = ''] = match;
    if (!attributes.includes(marker) || /\bsrc\s*=/i.test(attributes)) continue;
    const hash = crypto.createHash('sha256').update(content, 'utf8').digest('base64');
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return { html: html.split(marker).join(''), hashes };
}

/**
 * A weak validator over the body: weak because compression re-encodes the bytes (RFC 9110 §8.8.1). A shareable
 * body holds nothing per request (no nonce, no request id), so two renders of unchanged data agree.
 */
export function weakEtag(body: Buffer): string {
  return `W/"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly; `*` matches any current representation. */
export function ifNoneMatchMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => opaque(candidate) === opaque(etag));
}

export async function toShareableEntry(
  response: Response,
  options: { nonce: string; now: number },
): Promise<ShareableEntry> {
  let body = Buffer.from(await response.arrayBuffer());
  let scriptHashes: string[] | null = null;
  if (/^text\/html\b/i.test(response.headers.get('Content-Type') ?? '')) {
    const converted = nonceToHashes(body.toString('utf8'), options.nonce);
    body = Buffer.from(converted.html, 'utf8');
    scriptHashes = converted.hashes;
  }
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!PER_REQUEST_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
  });
  return {
    body,
    headers,
    etag: weakEtag(body),
    scriptHashes,
    storedAt: options.now,
  };
}

/**
 * The micro-cache: shareable responses by URL for a few seconds, so a burst of anonymous visitors to one page
 * costs one render. Bounded by entry count and total bytes, least recently used out first. Only ever given
 * shareable responses (no personal cookie, public, 200), so it can never hand one visitor another's page.
 */
export class MicroCache {
  private readonly entries = new Map<string, ShareableEntry>();
  private bytes = 0;

  constructor(
    readonly options: { ttlMs: number; maxEntries: number; maxBytes: number; maxEntryBytes: number },
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): ShareableEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (now - entry.storedAt >= this.options.ttlMs) {
      this.bytes -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry;
  }

  set(key: string, entry: ShareableEntry): void {
    if (this.options.ttlMs <= 0 || entry.body.length > this.options.maxEntryBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.body.length;
    }
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.body.length;
    }
  }
}
