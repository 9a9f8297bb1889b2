import { describe, expect, test } from 'vitest';
import { checkPhoto, displayFileName, extensionOf, sniffPhotoType } from './photos';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => new TextEncoder().encode(text);

describe('sniffPhotoType', () => {
  test.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0), 'image/jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['WebP', Uint8Array.from([...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBPVP8 ')]), 'image/webp'],
    ['RIFF that is not WebP (WAV)', Uint8Array.from([...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVE')]), null],
    ['GIF', ascii('GIF89a'), null],
    ['HTML', ascii('<html><script>'), null],
    ['SVG', ascii('<svg xmlns="http://www.w3.org/2000/svg">'), null],
    ['PDF', ascii('%PDF-1.7'), null],
    ['a truncated PNG signature', bytes(0x89, 0x50, 0x4e), null],
    ['nothing', bytes(), null],
  ])('%s', (_name, input, expected) => {
    expect(sniffPhotoType(input)).toBe(expected);
  });
});

describe('checkPhoto', () => {
  const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3);
  test.each([
    ['a PNG named .png', 'tear.png', png, 100, { ok: true, type: 'image/png' }],
    ['a PNG named .PNG', 'TEAR.PNG', png, 100, { ok: true, type: 'image/png' }],
    ['a PNG named .jpg', 'tear.jpg', png, 100, { ok: false, reason: 'extension-mismatch' }],
    ['a PNG without extension', 'tear', png, 100, { ok: false, reason: 'extension-mismatch' }],
    ['a JPEG named .jpeg', 'a.jpeg', bytes(0xff, 0xd8, 0xff, 0xdb), 100, { ok: true, type: 'image/jpeg' }],
    ['HTML named .png', 'evil.png', ascii('<html>'), 100, { ok: false, reason: 'not-an-image' }],
    ['an empty file', 'a.png', bytes(), 100, { ok: false, reason: 'empty' }],
    ['one byte over the limit', 'a.png', png, png.length - 1, { ok: false, reason: 'too-large' }],
    ['exactly the limit', 'a.png', png, png.length, { ok: true, type: 'image/png' }],
  ])('%s', (_name, name, content, limit, expected) => {
    expect(checkPhoto({ name, bytes: content }, limit)).toEqual(expected);
  });
});

describe('file names', () => {
  test.each([
    ['photo.JPG', 'jpg'],
    ['C:\\Users\\me\\tear.png', 'png'],
    ['archive.tar.gz', 'gz'],
    ['.hidden', ''],
    ['noext', ''],
  ])('extensionOf(%s) is %s', (name, expected) => {
    expect(extensionOf(name)).toBe(expected);
  });

  test.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\tear.png', 'tear.png'],
    ['a\u0000b\nc.png', 'abc.png'],
    ['', 'photo'],
    ['x'.repeat(300), 'x'.repeat(120)],
  ])('displayFileName(%j) is %j', (name, expected) => {
    expect(displayFileName(name)).toBe(expected);
  });
});
