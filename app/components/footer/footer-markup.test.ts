import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { footerSchema, socialSchema } from '../../../server/content/schema';
import { FOOTER_MARKUP_IDS } from './footer-markup';
import { footerMarkup } from './footer-markup.server';

const read = (name: string) =>
  JSON.parse(fs.readFileSync(new URL(`../../../content/${name}.json`, import.meta.url), 'utf8')) as unknown;
const footer = footerSchema.parse(read('footer'));
const social = socialSchema.parse(read('social'));
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe('the footer markup (decision 056)', () => {
  const markup = footerMarkup(footer, social);

  test('is rendered once per footer and social document', () => {
    expect(footerMarkup(footer, social)).toBe(markup);
    const otherSocial = { links: social.links.slice(0, 1) };
    expect(footerMarkup(footer, otherSocial)).not.toBe(markup);
    expect(footerMarkup(footer, otherSocial).social).toContain(social.links[0]!.url);
  });

  test('holds every link of every group once, as a plain link the app navigates, with its glyph', () => {
    expect(count(markup.groups, '<summary')).toBe(footer.linkGroups.length);
    for (const group of footer.linkGroups) {
      expect(markup.groups).toContain(`>${group.title}</h2>`);
      for (const link of group.links) {
        expect(count(markup.groups, `href="${link.url}"`)).toBe(1);
      }
    }
    expect(count(markup.groups, 'data-plain-link=""')).toBe(
      footer.linkGroups.reduce((total, group) => total + group.links.length, 0),
    );
    expect(count(markup.groups, '<svg')).toBeGreaterThan(footer.linkGroups.length);
  });

  test('names each social link and opens it in a new tab', () => {
    expect(count(markup.social, '<li>')).toBe(social.links.length);
    for (const link of social.links) {
      expect(markup.social).toContain(`href="${link.url}"`);
      expect(markup.social).toContain(`aria-label="${link.label} (opens in a new tab)"`);
    }
    expect(count(markup.social, 'target="_blank"')).toBe(social.links.length);
  });

  test('ends the legal links with the cookie settings', () => {
    const urls = [...markup.legal.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(urls).toEqual([...footer.legalLinks.map((link) => link.url), footer.cookieSettings.url]);
  });

  test('is list items and groups only: the footer renders the elements that carry the ids', () => {
    for (const part of Object.values(markup)) expect(part).not.toMatch(/ id="/);
    expect(new Set(Object.values(FOOTER_MARKUP_IDS)).size).toBe(3);
  });
});
