import { describe, expect, it } from 'vitest';
import { colorSlug, colorSlugMatches, productPath } from './slug';

describe('colorSlug', () => {
  it.each([
    ['Optifade Subalpine', 'Optifade-Subalpine'],
    ['Sitka Black Blaze Orange', 'Sitka-Black-Blaze-Orange'],
    ['Black', 'Black'],
    ['  Optifade   Elevated II ', 'Optifade-Elevated-II'],
    ['Lead\tGrey', 'Lead-Grey'],
    ['Already-Hyphenated', 'Already-Hyphenated'],
    ['', ''],
  ])('%j → %j', (label, slug) => {
    expect(colorSlug(label)).toBe(slug);
  });
});

describe('colorSlugMatches', () => {
  it.each([
    ['Optifade Subalpine', 'Optifade-Subalpine', true],
    ['Optifade Subalpine', 'optifade-subalpine', true],
    ['Optifade Subalpine', 'OPTIFADE-SUBALPINE', true],
    ['Optifade Subalpine', 'Optifade Subalpine', false],
    ['Optifade Subalpine', 'Optifade-Subalpin', false],
    ['Optifade Subalpine', 'Optifade-Subalpine-II', false],
    ['Black', 'black', true],
    ['Black', '', false],
  ])('%j with %j → %j', (label, slug, matches) => {
    expect(colorSlugMatches(label, slug)).toBe(matches);
  });
});

describe('productPath', () => {
  it.each([
    ['mountain-pant', 'Optifade Subalpine', '/products/mountain-pant/Optifade-Subalpine'],
    [
      'icon-pullover-hoody',
      'Sitka Black Blaze Orange',
      '/products/icon-pullover-hoody/Sitka-Black-Blaze-Orange',
    ],
    ['kit-bag', 'Black/Grey', '/products/kit-bag/Black%2FGrey'],
  ])('%j in %j → %j', (url, color, path) => {
    expect(productPath(url, color)).toBe(path);
  });
});
