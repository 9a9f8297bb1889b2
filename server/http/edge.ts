/**
 * Input at the edge (issue 8 §2; docs/decisions/032-request-limits-at-the-edge.md): what every request must be
 * before a route sees it. Pure checks, each answering the refusal to send or null, and one Express middleware
 * that applies them in order:
 *
 * 1. the method: GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS reach the routes (which answer 405 with `Allow`
 *    where they take no such method); anything else (TRACE, CONNECT, WebDAV verbs) is a 405 here;
 * 2. the `Host` header, and `X-Forwarded-Host` from a proxy TRUST_PROXY trusts: a host name or address literal with
 *    an optional port in range, else 400 (absolute URLs come from PUBLIC_URL in production: `siteOrigin`);
 * 3. the request target: every `%` escape well formed, the decoded bytes UTF-8, and no NUL, other control
 *    characters of C0 or unpaired surrogate in the path or any query name or value, else 400; `?_data=` (Remix's
 *    pre-single-fetch data requests, which this store does not serve) is a 400 too;
 * 4. the body: a declared or streamed size over the route's limit is a 413 (the body is read here, bounded, so
 *    a 50 MB post costs 32 KB of reading), a media type no route accepts is a 415.
 *
 * A refusal is `text/plain` with a one-line message, `Cache-Control: no-store`, and never reaches the database.
 */
import type { NextFunction, Request, Response } from 'express';
import { MAX_FEED_BYTES } from '../inventory/public';
import { MAX_PHOTO_BYTES } from '../repairs/public';
import { CACHE_NONE } from '../web/cache.server';
import { forwardedHost } from './security';

export type Refusal = { status: number; message: string; headers?: Record<string, string> };

/** Methods some route may answer. The rest never reach Remix (its Request constructor throws on TRACE). */
const ROUTED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const ALLOW = 'GET, HEAD, POST';

export function checkMethod(method: string): Refusal | null {
  return (ROUTED_METHODS as readonly string[]).includes(method)
    ? null
    : {
        status: 405,
        message: `The method ${method.replace(/[^A-Z-]/gi, '').slice(0, 20)} is not allowed here.`,
        headers: { Allow: ALLOW },
      };
}

/** RFC 3986 reg-name (letters, digits, `-`, `.`), an IPv4 address or a bracketed IPv6 literal; a port 1–65535. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

export function checkHost(host: string | undefined, header = 'Host'): Refusal | null {
  const bad: Refusal = {
    status: 400,
    message: `The ${header} header of this request is not a valid host name.`,
  };
  if (host === undefined || host.length > 255) return bad;
  const match = HOST.exec(host);
  if (!match) return bad;
  const port = match[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return bad;
  return null;
}

const HEX = /^[0-9A-Fa-f]{2}$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** C0 controls (NUL included) and DEL; unpaired surrogates cannot come out of strict UTF-8 decoding. */
const CONTROL = /[\u0000-\u001F\u007F]/;

/**
 * Decodes one component of a URL (`+` as a space when `plusIsSpace`): undefined when an escape is malformed, the
 * bytes are not UTF-8 (an encoded surrogate included: strict UTF-8 refuses it), or the text holds a control
 * character.
 */
export function decodeComponent(raw: string, options: { plusIsSpace: boolean }): string | undefined {
  const text = options.plusIsSpace ? raw.replace(/\+/g, ' ') : raw;
  if (!text.includes('%')) return CONTROL.test(text) ? undefined : text;
  const bytes: number[] = [];
  const source = Buffer.from(text, 'utf8');
  for (let i = 0; i < source.length; i += 1) {
    const byte = source[i]!;
    if (byte === 0x25 /* % */) {
      const hex = source.subarray(i + 1, i + 3).toString('latin1');
      if (!HEX.test(hex)) return undefined;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(byte);
    }
  }
  let decoded: string;
  try {
    decoded = strictUtf8.decode(Uint8Array.from(bytes));
  } catch {
    return undefined;
  }
  return CONTROL.test(decoded) ? undefined : decoded;
}

export function checkTarget(target: string): Refusal | null {
  const question = target.indexOf('?');
  const path = question < 0 ? target : target.slice(0, question);
  const query = question < 0 ? '' : target.slice(question + 1);
  if (!path.startsWith('/') || decodeComponent(path, { plusIsSpace: false }) === undefined) {
    return {
      status: 400,
      message: 'The address of this request is malformed or holds a character the store does not accept.',
    };
  }
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decodeComponent(equals < 0 ? pair : pair.slice(0, equals), { plusIsSpace: true });
    const value = equals < 0 ? '' : decodeComponent(pair.slice(equals + 1), { plusIsSpace: true });
    if (name === undefined || value === undefined) {
      return {
        status: 400,
        message:
          'A parameter of this address is malformed or holds a character the store does not accept (such as a NUL byte).',
      };
    }
    if (name === '_data') {
      return { status: 400, message: 'This store does not answer ?_data requests.' };
    }
  }
  return null;
}

/** Largest request body per path prefix, first match wins; forms declare smaller caps of their own (the kit). */
export type BodyLimit = { prefix: string; maxBytes: number };

const BODY_LIMITS: readonly BodyLimit[] = [
  // Analytics events: JSON of a few fields (routes/api.track.event.ts has the same cap).
  { prefix: '/api/track/', maxBytes: 16 * 1024 },
  // Repair photos (decision 042): one per signed upload, with room up to twice the photo limit so that the upload
  // itself answers an oversized photo with its own 413 message; up to three in the wizard's multipart form
  // without JavaScript (its form-kit cap).
  { prefix: '/api/repair-admin/upload', maxBytes: 2 * MAX_PHOTO_BYTES },
  { prefix: '/warranties/repair/damage', maxBytes: 3 * MAX_PHOTO_BYTES + 64 * 1024 },
  // The stock feed (decision 097): a warehouse's batch of up to 5,000 SKUs.
  { prefix: '/api/stock/feed', maxBytes: MAX_FEED_BYTES },
  // Every other action is a form of a few fields; 32 KB leaves room for the largest (a repair description).
  { prefix: '/', maxBytes: 32 * 1024 },
];

export function bodyLimitFor(path: string, limits: readonly BodyLimit[] = BODY_LIMITS): number {
  return limits.find((limit) => path.startsWith(limit.prefix))?.maxBytes ?? 0;
}

/** Media types some route reads: forms, JSON and text (analytics beacons). */
const ACCEPTED_MEDIA_TYPES = new Set([
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json',
  'text/plain',
]);

export function checkMediaType(contentType: string | undefined, hasBody: boolean): Refusal | null {
  const media = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (media === '' ? !hasBody : ACCEPTED_MEDIA_TYPES.has(media)) return null;
  return {
    status: 415,
    message:
      'This kind of request body is not accepted here: send a form (application/x-www-form-urlencoded).',
  };
}

export function tooLarge(maxBytes: number): Refusal {
  return {
    status: 413,
    message: `The request body is too large: at most ${Math.round(maxBytes / 1024)} KB is accepted here.`,
  };
}

export function sendRefusal(res: Response, refusal: Refusal): void {
  res.status(refusal.status);
  res.setHeader('Cache-Control', CACHE_NONE);
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.setHeader(name, value);
  res.type('text/plain; charset=utf-8').send(`${refusal.message}\n`);
}

/** Reads the body up to `maxBytes`; undefined when it is longer (the rest is not read). */
function readBounded(req: Request, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        req.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** `res.locals.body`: the request body read by the edge, handed to Remix in place of the socket. */
export type EdgeLocals = { body?: Buffer };

/** The edge checks as one middleware; a refused request ends here with its status and message. */
export function edgeGuard(options: { bodyLimits?: readonly BodyLimit[] } = {}) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const forwarded = forwardedHost(req);
    const refusal =
      checkMethod(req.method) ??
      checkHost(req.get('host')) ??
      (forwarded === undefined ? null : checkHost(forwarded, 'X-Forwarded-Host')) ??
      checkTarget(req.originalUrl);
    if (refusal) {
      sendRefusal(res, refusal);
      return;
    }
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') {
      next();
      return;
    }
    const maxBytes = bodyLimitFor(req.path, options.bodyLimits);
    const declared = req.get('content-length');
    if (declared !== undefined && !/^\d{1,15}$/.test(declared)) {
      sendRefusal(res, { status: 400, message: 'The Content-Length header of this request is malformed.' });
      return;
    }
    if (declared !== undefined && Number(declared) > maxBytes) {
      // The body is not read: the connection closes after the answer.
      res.setHeader('Connection', 'close');
      sendRefusal(res, tooLarge(maxBytes));
      return;
    }
    // A client that asked to be told before sending its body (`Expect: 100-continue`, as curl does for large
    // ones) is told now, past every check that refuses without reading; a refused one never sends it. (Node has
    // already said it when the server has no `checkContinue` listener: serve.ts has one.)
    if (
      /100-continue/i.test(req.get('expect') ?? '') &&
      !(res as unknown as { _sent100?: boolean })._sent100
    ) {
      res.writeContinue();
    }
    try {
      const body = await readBounded(req, maxBytes);
      if (body === undefined) {
        res.setHeader('Connection', 'close');
        sendRefusal(res, tooLarge(maxBytes));
        return;
      }
      const badType = checkMediaType(req.get('content-type'), body.length > 0);
      if (badType) {
        sendRefusal(res, badType);
        return;
      }
      (res.locals as EdgeLocals).body = body;
      next();
    } catch {
      // The client went away mid-body: nothing to answer.
      if (!res.headersSent) sendRefusal(res, { status: 400, message: 'The request body could not be read.' });
    }
  };
}
