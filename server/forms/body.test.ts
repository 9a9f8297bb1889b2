import { describe, expect, it } from 'vitest';
import { isAcceptableText, mediaType, readFormBody, type FormBody } from './body';

const URLENCODED = 'application/x-www-form-urlencoded';

function post(body: BodyInit | null, contentType: string | null, headers: Record<string, string> = {}) {
  return new Request('http://shop.test/form', {
    method: 'POST',
    headers: { ...(contentType ? { 'Content-Type': contentType } : {}), ...headers },
    body,
  });
}

const entries = (result: FormBody) =>
  result.kind === 'ok' ? [...result.formData.entries()].map(([name, value]) => [name, String(value)]) : [];

describe('readFormBody: urlencoded', () => {
  it.each([
    [
      'email=a%40example.com&sku=600-BLK-M',
      [
        ['email', 'a@example.com'],
        ['sku', '600-BLK-M'],
      ],
      [],
    ],
    ['name=Jos%C3%A9+Ortiz', [['name', 'José Ortiz']], []],
    // NFD input (e + combining acute) is normalised to NFC
    ['name=Jose%CC%81', [['name', 'José']], []],
    // A well-formed surrogate pair (U+1F332) is fine
    ['note=%F0%9F%8C%B2', [['note', '🌲']], []],
    // Repeated names stay repeated (the schema decides what to make of them)
    [
      'C0002=1&C0002=1',
      [
        ['C0002', '1'],
        ['C0002', '1'],
      ],
      [],
    ],
    // Malformed escapes stay literal, as URLSearchParams leaves them
    [
      'q=100%25&r=%zz',
      [
        ['q', '100%'],
        ['r', '%zz'],
      ],
      [],
    ],
    [
      'flag&empty=',
      [
        ['flag', ''],
        ['empty', ''],
      ],
      [],
    ],
    // NUL, an encoded lone surrogate (CESU/WTF-8), invalid UTF-8 and U+FFFD are refused field by field
    [
      'email=a%00b%40example.com&sku=ok',
      [
        ['email', ''],
        ['sku', 'ok'],
      ],
      ['email'],
    ],
    ['sku=x%ED%A0%80y', [['sku', '']], ['sku']],
    ['sku=%C3%28', [['sku', '']], ['sku']],
    ['sku=%FF', [['sku', '']], ['sku']],
    ['sku=%EF%BF%BD', [['sku', '']], ['sku']],
    [
      'a=%00&a=ok',
      [
        ['a', ''],
        ['a', 'ok'],
      ],
      ['a'],
    ],
  ])('%s', async (body, expected, bad) => {
    const result = await readFormBody(post(body, URLENCODED), { maxBytes: 1024 });
    expect(result.kind).toBe('ok');
    expect(entries(result)).toEqual(expected);
    expect(result.kind === 'ok' ? result.badFields : null).toEqual(bad);
  });

  it.each([
    ['a%00=1', 'a NUL in a name'],
    ['%ED%A0%80=1', 'a lone surrogate in a name'],
  ])('%s is malformed (%s)', async (body) => {
    expect(await readFormBody(post(body, URLENCODED), { maxBytes: 1024 })).toEqual({ kind: 'malformed' });
  });

  it('accepts charset=UTF-8 and refuses another charset', async () => {
    expect((await readFormBody(post('a=1', `${URLENCODED}; charset=UTF-8`), { maxBytes: 64 })).kind).toBe(
      'ok',
    );
    expect(await readFormBody(post('a=1', `${URLENCODED}; charset=iso-8859-1`), { maxBytes: 64 })).toEqual({
      kind: 'unsupported-type',
    });
  });
});

describe('readFormBody: size, type and multipart', () => {
  it.each([
    [null, 'unsupported-type'],
    ['application/json', 'unsupported-type'],
    ['text/plain', 'unsupported-type'],
    ['application/xml', 'unsupported-type'],
  ] as const)('Content-Type %s → %s', async (type, kind) => {
    expect(await readFormBody(post('{"email":"a"}', type), { maxBytes: 1024 })).toEqual({ kind });
  });

  it('refuses a declared length over the cap without reading, and a stream that runs past it', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode('a'.repeat(1024)));
      },
    });
    const declared = new Request('http://shop.test/form', {
      method: 'POST',
      headers: { 'Content-Type': URLENCODED, 'Content-Length': String(50 * 1024 * 1024) },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(await readFormBody(declared, { maxBytes: 4096 })).toEqual({ kind: 'too-large' });
    expect(pulled).toBeLessThanOrEqual(1);

    const undeclared = new Request('http://shop.test/form', {
      method: 'POST',
      headers: { 'Content-Type': URLENCODED },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(await readFormBody(undeclared, { maxBytes: 4096 })).toEqual({ kind: 'too-large' });
    // It stopped a chunk past the cap rather than reading on.
    expect(pulled).toBeLessThanOrEqual(8);
  });

  it('takes a body exactly at the cap', async () => {
    const body = `a=${'x'.repeat(62)}`;
    expect((await readFormBody(post(body, URLENCODED), { maxBytes: 64 })).kind).toBe('ok');
    expect((await readFormBody(post(`${body}x`, URLENCODED), { maxBytes: 64 })).kind).toBe('too-large');
  });

  it('reads multipart text fields with the same checks, and keeps files', async () => {
    const form = new FormData();
    form.append('email', 'shopper@example.com');
    form.append('note', 'bad\u0000value');
    form.append('photo', new Blob(['png'], { type: 'image/png' }), 'tear.png');
    const request = new Request('http://shop.test/form', { method: 'POST', body: form });
    const result = await readFormBody(request, { maxBytes: 4096 });
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.formData.get('email')).toBe('shopper@example.com');
    expect(result.formData.get('note')).toBe('');
    expect(result.badFields).toEqual(['note']);
    expect(result.formData.get('photo')).toBeInstanceOf(Blob);
  });

  it('calls a broken multipart body malformed', async () => {
    const result = await readFormBody(post('--x\r\nnot a part', 'multipart/form-data; boundary=y'), {
      maxBytes: 1024,
    });
    expect(result).toEqual({ kind: 'malformed' });
  });
});

describe('helpers', () => {
  it.each([
    ['plain', true],
    ['', true],
    ['🌲', true],
    ['a\u0000', false],
    ['\uD800', false],
    ['x\uDC00', false],
    ['\uD83C\uDF32\uD800', false],
    ['\uFFFD', false],
  ])('isAcceptableText(%j) → %s', (value, expected) => {
    expect(isAcceptableText(value)).toBe(expected);
  });

  it.each([
    ['application/x-www-form-urlencoded; charset=UTF-8', 'application/x-www-form-urlencoded'],
    ['Multipart/Form-Data; boundary=x', 'multipart/form-data'],
    [null, ''],
  ])('mediaType(%j) → %j', (header, expected) => {
    expect(mediaType(header)).toBe(expected);
  });
});
