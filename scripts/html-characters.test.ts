import { describe, expect, it } from 'vitest';
import { findInvalidCharacter } from './html-characters';

/** Each character is written as a code point here, not taken from the checker's own pattern. */
const at = (codePoint: number) => `<p>before${String.fromCodePoint(codePoint)}after</p>`;

describe('findInvalidCharacter', () => {
  it.each(
    [
      [0x0000, 'NUL'],
      [0x0001, 'a C0 control'],
      [0x000b, 'vertical tab'],
      [0x001f, 'the last C0 control'],
      [0x007f, 'DEL'],
      [0x0080, 'the first C1 control'],
      [0x0085, 'NEL'],
      [0x009f, 'the last C1 control'],
      [0xfdd0, 'the first of the U+FDD0 noncharacters'],
      [0xfdef, 'the last of the U+FDD0 noncharacters'],
      [0xfffe, 'U+FFFE'],
      [0xffff, 'U+FFFF'],
      [0x1fffe, 'a noncharacter beyond the first plane'],
      [0x10ffff, 'the last code point'],
      [0xfffd, 'the replacement character of a bad decode'],
    ].map(
      ([codePoint, name]) =>
        [
          (codePoint as number).toString(16).toUpperCase().padStart(4, '0'),
          name,
          codePoint as number,
        ] as const,
    ),
  )('rejects U+%s (%s)', (_hex, _name, codePoint) => {
    expect(findInvalidCharacter(at(codePoint))).toEqual({
      index: 9,
      codePoint: `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`,
    });
  });

  it('rejects a lone surrogate', () => {
    expect(findInvalidCharacter('a\uD800b')).toEqual({ index: 1, codePoint: 'U+D800' });
    expect(findInvalidCharacter('a\uDC00b')).toEqual({ index: 1, codePoint: 'U+DC00' });
  });

  it('accepts the whitespace HTML allows and the text a store shows', () => {
    const text =
      '<!DOCTYPE html>\n<title>Men’s Jackets — Sitka</title>\r\n\t<p>Café 20% off · 3×4 ½ in.\u00a0€ 😀 \u00a0 \uFDCF \uFDF0 \uFFFC 🏔️</p>';
    expect(findInvalidCharacter(text)).toBeNull();
  });

  it('rejects one written as a numeric character reference', () => {
    expect(findInvalidCharacter('<p>a&#0;b</p>')).toEqual({ index: 4, codePoint: 'U+0000' });
    expect(findInvalidCharacter('<p>a&#x85;b</p>')).toEqual({ index: 4, codePoint: 'U+0085' });
    expect(findInvalidCharacter('<p>a&#XFFFF;b</p>')).toEqual({ index: 4, codePoint: 'U+FFFF' });
    expect(findInvalidCharacter('<p>a&#1114112;b</p>')).toEqual({ index: 4, codePoint: 'beyond U+10FFFF' });
    // References to characters a page may carry.
    expect(findInvalidCharacter('<p>&#39;&#x27;&#8217;&#xA0;&#10;&#128512;</p>')).toBeNull();
  });

  it('names the first one found', () => {
    expect(findInvalidCharacter('ok\u0085then\u0000')).toEqual({ index: 2, codePoint: 'U+0085' });
  });
});
