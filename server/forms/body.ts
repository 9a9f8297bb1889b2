/**
 * Reading a form body from a `Request` before anything parses it (issue 8 §2, the part inside forms): a size cap
 * given per form (the declared `Content-Length` is refused at once, the stream is cut at the cap whatever it
 * claimed), only `application/x-www-form-urlencoded` (UTF-8) and `multipart/form-data`, and text values
 * normalised to NFC. A value holding a NUL, an unpaired UTF-16 surrogate or bytes that are not UTF-8 is not passed
 * on: its field is named in `badFields` so the form answers a field error instead of letting it reach the
 * database. Framework-free (web `Request`/`FormData` only).
 */

export type FormBody =
  /** `badFields`: names whose values were refused (and replaced by an empty string). */
  | { kind: 'ok'; formData: FormData; badFields: string[] }
  /** Over the form's cap: 413. */
  | { kind: 'too-large' }
  /** Not a form body (JSON, text, none): 415. */
  | { kind: 'unsupported-type' }
  /** A form body that cannot be read as one (bad multipart, an undecodable field name): 400. */
  | { kind: 'malformed' };

const URLENCODED = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';

/** The media type of a `Content-Type` header, lower-cased, without parameters. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** NUL, a lone surrogate (a well-formed pair is fine), or U+FFFD (what undecodable bytes turn into). */
const REFUSED_TEXT = /[\u0000\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text value may go on to the schema and the database. */
export function isAcceptableText(value: string): boolean {
  return !REFUSED_TEXT.test(value);
}

/** Reads at most `maxBytes` of the body; undefined when it is longer. */
async function readBounded(request: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const HEX = /^[0-9A-Fa-f]{2}$/;

/** Percent-decodes to bytes (`+` is a space); a malformed escape stays as it is, as URLSearchParams does. */
function percentDecode(text: string): Uint8Array {
  const bytes: number[] = [];
  const source = new TextEncoder().encode(text.replace(/\+/g, ' '));
  for (let i = 0; i < source.length; i += 1) {
    const byte = source[i]!;
    if (byte === 0x25 /* % */ && i + 2 < source.length) {
      const hex = String.fromCharCode(source[i + 1] ?? 0, source[i + 2] ?? 0);
      if (HEX.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
        continue;
      }
    }
    bytes.push(byte);
  }
  return Uint8Array.from(bytes);
}

const strictUtf8 = () => new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes UTF-8 strictly: undefined when the bytes are not UTF-8 (an encoded lone surrogate included). */
function decodeStrict(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8().decode(bytes);
  } catch {
    return undefined;
  }
}

function parseUrlEncoded(bytes: Uint8Array): FormBody {
  // The body of a urlencoded form is ASCII; anything else is read as Latin-1 so that every byte survives to the
  // strict UTF-8 decoding of its field.
  const text = new TextDecoder('latin1').decode(bytes);
  const formData = new FormData();
  const badFields = new Set<string>();
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawName = equals < 0 ? pair : pair.slice(0, equals);
    const rawValue = equals < 0 ? '' : pair.slice(equals + 1);
    const name = decodeStrict(percentDecode(rawName))?.normalize('NFC');
    if (name === undefined || !isAcceptableText(name)) return { kind: 'malformed' };
    const value = decodeStrict(percentDecode(rawValue))?.normalize('NFC');
    if (value === undefined || !isAcceptableText(value)) {
      badFields.add(name);
      formData.append(name, '');
    } else {
      formData.append(name, value);
    }
  }
  return { kind: 'ok', formData, badFields: [...badFields] };
}

async function parseMultipart(bytes: Uint8Array, contentType: string): Promise<FormBody> {
  let parsed: FormData;
  try {
    parsed = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'Content-Type': contentType },
    }).formData();
  } catch {
    return { kind: 'malformed' };
  }
  const formData = new FormData();
  const badFields = new Set<string>();
  for (const [rawName, value] of parsed.entries()) {
    const name = rawName.normalize('NFC');
    if (!isAcceptableText(name)) return { kind: 'malformed' };
    if (typeof value !== 'string') {
      formData.append(name, value);
    } else if (!isAcceptableText(value)) {
      badFields.add(name);
      formData.append(name, '');
    } else {
      formData.append(name, value.normalize('NFC'));
    }
  }
  return { kind: 'ok', formData, badFields: [...badFields] };
}

/** Reads and checks a form body: see the module comment. Never throws on what a client sends. */
export async function readFormBody(request: Request, options: { maxBytes: number }): Promise<FormBody> {
  const contentType = request.headers.get('Content-Type');
  const type = mediaType(contentType);
  if (type !== URLENCODED && type !== MULTIPART) return { kind: 'unsupported-type' };
  if (type === URLENCODED) {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8') return { kind: 'unsupported-type' };
  }
  const declared = request.headers.get('Content-Length');
  if (declared !== null && Number(declared) > options.maxBytes) return { kind: 'too-large' };
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readBounded(request, options.maxBytes);
  } catch {
    return { kind: 'malformed' };
  }
  if (bytes === undefined) return { kind: 'too-large' };
  return type === URLENCODED ? parseUrlEncoded(bytes) : parseMultipart(bytes, contentType ?? '');
}
