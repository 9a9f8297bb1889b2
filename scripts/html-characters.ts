/**
 * Characters no page of the store may carry (issue 9's crawl, test/integration/crawl.test.ts): C0 controls other
 * than tab, line feed and carriage return; DEL and the C1 controls (U+007F–U+009F); the noncharacters (U+FDD0–U+FDEF
 * and the last two code points of every plane, U+FFFE/U+FFFF included); lone surrogates; and U+FFFD, the
 * replacement character a bad decode leaves behind. HTML's own rules (WHATWG "control-character-in-input-stream",
 * "noncharacter-in-input-stream" and the matching character-reference errors) name the same set, apart from U+FFFD,
 * which marks text damaged on its way here. Written raw or as a numeric character reference (`&#0;`, `&#x85;`).
 */
// `u`: the string is read as code points, so a lone surrogate is one character of its own and the noncharacters of
// the upper planes (U+1FFFE, …, U+10FFFF) are matched whole.
const INVALID =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFDD0-\uFDEF\uFFFD\p{Noncharacter_Code_Point}\p{Surrogate}]/u;
const REFERENCE = /&#(?:[xX]([0-9a-fA-F]+)|([0-9]+));?/g;

const name = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first invalid character in `html` (raw, or else referenced) with its position, or null when there is none. */
export function findInvalidCharacter(html: string): { index: number; codePoint: string } | null {
  const raw = INVALID.exec(html);
  if (raw) return { index: raw.index, codePoint: name(raw[0].codePointAt(0)!) };
  for (const reference of html.matchAll(REFERENCE)) {
    const codePoint = reference[1] !== undefined ? parseInt(reference[1], 16) : Number(reference[2]);
    // Beyond Unicode, or a character that would be invalid written raw.
    if (codePoint > 0x10ffff || INVALID.test(String.fromCodePoint(codePoint)))
      return {
        index: reference.index,
        codePoint: codePoint > 0x10ffff ? 'beyond U+10FFFF' : name(codePoint),
      };
  }
  return null;
}
