import fs from 'node:fs';
import { Window } from 'happy-dom';
import { describe, expect, test } from 'vitest';
import { navigationSchema } from '../../../server/content/schema';
import { isInside, markCurrent, topLevelOnly } from './navigation-markup';
import { navigationMarkup } from './navigation-markup.server';

const navigation = navigationSchema.parse(
  JSON.parse(fs.readFileSync(new URL('../../../content/navigation.json', import.meta.url), 'utf8')),
);
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe('isInside: the department a top link marks as current (a router NavLink’s rule)', () => {
  test.each<[string, string, boolean]>([
    ['/mens/', '/mens/', true],
    ['/mens/', '/mens', true],
    ['/mens/', '/mens/jackets-and-vests/rain-jackets/', true],
    ['/mens/', '/MENS/tops/', true],
    ['/mens/', '/mensware/', false],
    ['/mens/', '/womens/', false],
    ['/mens/', '/', false],
    ['/gear-guide', '/gear-guide/packing', true],
  ])('%s on %s → %s', (url, pathname, expected) => {
    expect(isInside(url, pathname)).toBe(expected);
  });
});

describe('the navigation markup', () => {
  const markup = navigationMarkup(navigation.items);

  test('is rendered once per navigation document', () => {
    expect(navigationMarkup(navigation.items)).toBe(markup);
  });

  test('holds each link of a column once (one list serves both layouts)', () => {
    expect(count(markup, 'href="/mens/jackets-and-vests/rain-jackets/"')).toBe(1);
    expect(count(markup, 'href="/womens/baselayers/"')).toBe(1);
  });

  test('copies only the entries whose place differs between the desktop and the mobile order', () => {
    // New Arrivals: first in the sidebar (mobileOrder 0), last in the bar.
    expect(count(markup, 'data-top-link="/new-arrivals/"')).toBe(2);
    expect(count(markup, 'data-top-link="/mens/"')).toBe(1);
  });

  test('has no id twice', () => {
    const ids = [...markup.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('marks the current department on its every copy, and nothing on a page outside the menu', () => {
    const top = topLevelOnly(navigation.items);
    const onJackets = markCurrent(markup, top, '/mens/jackets-and-vests/');
    expect(count(onJackets, 'aria-current="true"')).toBe(1);
    expect(onJackets).toContain('aria-current="true" data-top-link="/mens/"');
    expect(count(markCurrent(markup, top, '/new-arrivals/mens/'), 'aria-current="true"')).toBe(2);
    expect(markCurrent(markup, top, '/help/shipping')).toBe(markup);
  });

  test('gives a department with a panel one control (its level’s summary) and its page a link in the panel', () => {
    // Decision 046: one tab stop per department in the bar; the department's page is reached from its panel.
    const document = new new Window().DOMParser().parseFromString(`<ul>${markup}</ul>`, 'text/html');
    const departments = [...document.querySelectorAll('li[data-top-item]')];
    expect(departments).toHaveLength(11); // 10 entries, New Arrivals once per layout
    for (const department of departments) {
      const level = department.querySelector(':scope > details');
      const url = department.querySelector('[data-top-link]')?.getAttribute('data-top-link') ?? '';
      expect(url).toMatch(/^\/.+\/$/);
      if (!level) {
        // Gear Guide: no panel, a plain link.
        expect(department.querySelector(':scope > a[data-top-link]')?.getAttribute('href')).toBe(url);
        continue;
      }
      expect(level.getAttribute('name')).toBe('main-navigation');
      expect(level.querySelector(':scope > summary')?.getAttribute('data-top-link')).toBe(url);
      expect(department.querySelector(':scope > a')).toBeNull();
      // Its own page, or the content's "Shop All …" entry (`/…/all/`, the same listing).
      const own = department.querySelector(
        `:scope > div a[href="${url}"], :scope > div a[href="${url}all/"]`,
      );
      expect(own, url).not.toBeNull();
    }
  });

  test('every level of the sidebar is in the departments’ group (one open at a time: issue 9 §11)', () => {
    const document = new new Window().DOMParser().parseFromString(`<ul>${markup}</ul>`, 'text/html');
    const levels = [...document.querySelectorAll('details')];
    // Departments and the columns with a level of their own (Jackets and Vests, Tops, …).
    expect(levels.length).toBeGreaterThan(11);
    expect(levels.filter((level) => level.getAttribute('name') !== 'main-navigation')).toEqual([]);
  });

  test('the root sends the top-level entries without their panels', () => {
    const top = topLevelOnly(navigation.items);
    expect(top.map((item) => item.url)).toEqual(navigation.items.map((item) => item.url));
    expect(top.every((item) => item.itemsCollection.items.length === 0 && !item.cta)).toBe(true);
  });
});
