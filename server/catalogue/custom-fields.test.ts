import { describe, expect, it } from 'vitest';
import { customFieldMap, parseTechnologyBadges } from './custom-fields';

describe('customFieldMap', () => {
  it('maps names to values, the later row winning', () => {
    expect(
      customFieldMap([
        { name: 'gender', value: 'Mens' },
        { name: 'badge_new', value: 'false' },
        { name: 'badge_new', value: 'true' },
      ]),
    ).toEqual({ gender: 'Mens', badge_new: 'true' });
  });
});

describe('parseTechnologyBadges', () => {
  it.each<[string | undefined, string[]]>([
    [undefined, []],
    ['', []],
    ['  ', []],
    ['["Gore-Tex","Polygiene"]', ['Gore-Tex', 'Polygiene']],
    ['[]', []],
    ['["Gore-Tex", 3, " ", "Gore-Tex"]', ['Gore-Tex']],
    ['[not json', []],
    ['Gore-Tex', ['Gore-Tex']],
    ['PrimaLoft, Insect Shield ,,Polygiene', ['PrimaLoft', 'Insect Shield', 'Polygiene']],
    ['WindStopper by GORE Labs', ['WindStopper by GORE Labs']],
  ])('%j → %j', (value, badges) => {
    expect(parseTechnologyBadges(value)).toEqual(badges);
  });
});
