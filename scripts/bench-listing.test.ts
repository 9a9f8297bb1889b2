import { describe, expect, test } from 'vitest';
import { parseListingQuery } from '../server/catalogue/facets';
import { LISTING_PAGES } from './bench-listing';

describe('the listing benchmark asks real category pages', () => {
  test.each(LISTING_PAGES.map((page) => [page.label, page] as const))(
    '%s: its query parses',
    (_label, page) => {
      expect(page.path).toMatch(/^\/[a-z-]+\/([a-z-]+\/)?$/);
      const parsed = parseListingQuery(new URLSearchParams(page.query));
      expect(parsed).toMatchObject({ ok: true });
      if (!parsed.ok) return;
      // Every filter it names is kept (none dropped as unknown), so the row measures the page its label says.
      for (const [key, value] of new URLSearchParams(page.query)) {
        if (key === 'page' || key === 'sort') continue;
        expect(parsed.query.filters[key as keyof typeof parsed.query.filters]).toContain(value);
      }
    },
  );

  test('its labels are distinct, so its table names each row once', () => {
    expect(new Set(LISTING_PAGES.map((page) => page.label)).size).toBe(LISTING_PAGES.length);
  });
});
