import { describe, expect, it } from 'vitest';
import { correctedQuery, groupTsQuery, normalizeQuery, queryTokens, synonymMap, synonymsOf } from './query';

describe('normalizeQuery', () => {
  it.each([
    ["Women's  Kelvin", 'womens kelvin'],
    ['  RAIN-pant!! ', 'rain pant'],
    ['Élevated II', 'elevated ii'],
    ['', ''],
    ['***', ''],
  ])('%j → %j', (input, expected) => expect(normalizeQuery(input)).toBe(expected));

  it('cuts at 100 characters', () => expect(normalizeQuery('a'.repeat(150))).toHaveLength(100));
});

describe('queryTokens', () => {
  it('drops repeats and keeps order', () =>
    expect(queryTokens('rain Rain jacket')).toEqual(['rain', 'jacket']));
  it('keeps at most 8 words', () => expect(queryTokens('a b c d e f g h i j')).toHaveLength(8));
});

describe('groupTsQuery', () => {
  it.each([
    [{ token: 'jack', known: true, corrections: [], synonyms: [] }, "'jack':*"],
    [{ token: 'ii', known: true, corrections: [], synonyms: [] }, "'ii'"],
    [
      { token: 'jaket', known: false, corrections: ['jacket'], synonyms: ['coat'] },
      "'jaket':* | 'jacket' | 'coat'",
    ],
  ])('%j → %s', (group, expected) => expect(groupTsQuery(group)).toBe(expected));
});

describe('correctedQuery', () => {
  it('replaces unknown words by their best correction', () =>
    expect(
      correctedQuery([
        { token: 'dakta', known: false, corrections: ['dakota', 'dakar'], synonyms: [] },
        { token: 'pant', known: true, corrections: [], synonyms: [] },
      ]),
    ).toBe('dakota pant'));
  it('is null when nothing was corrected', () =>
    expect(correctedQuery([{ token: 'zzq', known: false, corrections: [], synonyms: [] }])).toBeNull());
});

describe('synonyms', () => {
  const map = synonymMap([
    { term: 'pant', groupName: 'pant' },
    { term: 'bottoms', groupName: 'pant' },
    { term: 'hoody', groupName: 'hoody' },
  ]);
  it('gives the rest of the group', () => expect(synonymsOf('bottoms', [], map)).toEqual(['pant']));
  it('follows the best correction', () =>
    expect(synonymsOf('botoms', ['bottoms'], map)).toEqual(['pant', 'bottoms']));
  it('is empty for other words', () => expect(synonymsOf('jacket', [], map)).toEqual([]));
});
