import { describe, expect, it } from 'vitest';
import { parseSku, skuColorCode, type ParsedSku } from './sku';

describe('parseSku', () => {
  it.each<[string, ParsedSku | null]>([
    ['600123', { kind: 'parent', parent: '600123' }],
    ['600123-OS', { kind: 'colorway', parent: '600123', color: 'OS' }],
    ['600123-OS-L', { kind: 'variant', parent: '600123', color: 'OS', size: 'L' }],
    ['600123-OS-XL.T', { kind: 'variant', parent: '600123', color: 'OS', size: 'XL.T' }],
    [' 600123-BK-M ', { kind: 'variant', parent: '600123', color: 'BK', size: 'M' }],
    ['', null],
    ['-', null],
    ['600123-', null],
    ['-OS', null],
    ['600123--L', null],
    ['600123-OS-L-T', null],
    ['600 123', null],
  ])('%j → %j', (sku, parsed) => {
    expect(parseSku(sku)).toEqual(parsed);
  });
});

describe('skuColorCode', () => {
  it.each<[string, string | null]>([
    ['600123', null],
    ['600123-OS', 'OS'],
    ['600123-OS-L', 'OS'],
    ['bad--sku', null],
  ])('%j → %j', (sku, code) => {
    expect(skuColorCode(sku)).toBe(code);
  });
});
