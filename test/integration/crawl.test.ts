/**
 * A careful shopper's crawl of the whole store (issue 9): every page of the sitemap over HTTP (the production build
 * over the full 320-product seed), then every link those pages show. No dead ends, no invalid characters, no
 * duplicate titles; every badge on every card and product page agrees with the price beside it; star fills carry
 * no float noise; the Top rated sort ranks by a confidence-weighted score.
 *
 * Expectations are written down here (what a badge's words claim, the weighted score), not taken from the code
 * under test.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findInvalidCharacter } from '../../scripts/html-characters';
import { startHttpApp } from '../helpers/http-app';

/** What the tests need of one page (pages are not kept whole: 500 of them would fill the memory). */
type Page = {
  path: string;
  status: number;
  title: string;
  /** The first character no page may carry (scripts/html-characters.ts) and where, or null. */
  invalidCharacter: string | null;
  /** Each card's name, badges and price text; the product page's badges and price text. */
  cards: { name: string; badges: string[]; price: string }[];
  productBadges: { badges: string[]; price: string } | null;
  /** Inline widths in percent (star fills). */
  widths: string[];
};

let app: Awaited<ReturnType<typeof startHttpApp>>;
const pages: Page[] = [];
/** Every internal link shown on a sitemap page → the first page that shows it. */
const links = new Map<string, string>();

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The text of an HTML fragment: tags and React's text separators out, entities decoded, spaces collapsed. */
const textOf = (html: string) =>
  decode(html.replace(/<!-- -->/g, '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
/** The items of the list labelled `label` in `html`. */
function listItems(html: string, label: string): string[] | null {
  const start = html.indexOf(`aria-label="${label}"`);
  if (start < 0) return null;
  const list = html.slice(start, html.indexOf('</ul>', start));
  return [...list.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map(([, item]) => textOf(item!));
}

/** Reads what the tests need from a page's HTML. */
function readPage(path: string, status: number, html: string): Page {
  const cards = [...html.matchAll(/<article\b[\s\S]*?<\/article>/g)].flatMap(([card]) => {
    const badges = listItems(card, 'Badges');
    if (badges === null) return [];
    // A card's name is an h2 on listings and an h3 in a strip under its own h2 (recommendations).
    const heading = /<(h[23])\b[^>]*>([\s\S]*?)<\/\1>/.exec(card);
    const price = /<p\b[^>]*>((?:(?!<\/p>)[\s\S])*\$(?:(?!<\/p>)[\s\S])*)<\/p>/.exec(
      card.slice(heading ? heading.index + heading[0].length : 0),
    );
    return [
      {
        name: textOf(heading?.[2] ?? '?'),
        badges,
        price: textOf(price?.[1] ?? ''),
      },
    ];
  });
  let productBadges: Page['productBadges'] = null;
  const badges = listItems(html, 'Product badges');
  if (badges !== null) {
    const afterTitle = html.slice(html.indexOf('</h1>'));
    const price = /<p\b[^>]*>((?:(?!<\/p>)[\s\S])*\$(?:(?!<\/p>)[\s\S])*)<\/p>/.exec(afterTitle);
    productBadges = { badges, price: textOf(price?.[1] ?? '') };
  }
  return {
    path,
    status,
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    invalidCharacter: (() => {
      const found = findInvalidCharacter(html);
      return found
        ? `${found.codePoint} at ${found.index}: ${JSON.stringify(html.slice(Math.max(0, found.index - 40), found.index + 10))}`
        : null;
    })(),
    cards,
    productBadges,
    widths: [...html.matchAll(/width:\s*([\d.]+)%/g)].map(([, width]) => width!),
  };
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

beforeAll(async () => {
  app = await startHttpApp({ products: 320, microCache: false });
  const sitemap = await app.request('/sitemap.xml');
  expect(sitemap.status).toBe(200);
  const paths = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => {
    const url = new URL(loc!.replace(/&amp;/g, '&'));
    return `${url.pathname}${url.search}`;
  });
  await inParallel(paths, 3, async (path) => {
    const reply = await app.request(path, { headers: { accept: 'text/html' } });
    pages.push(readPage(path, reply.status, reply.text));
    for (const [, raw] of reply.text.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
      const href = decode(raw!);
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      if (!links.has(href)) links.set(href, path);
    }
  });
  pages.sort((a, b) => a.path.localeCompare(b.path));
}, 900_000);

afterAll(async () => {
  await app?.close();
});

describe('the sitemap', () => {
  test('lists every category and product page, and each answers 200', () => {
    expect(pages.length).toBeGreaterThan(480);
    const failed = pages.filter((page) => page.status !== 200).map((page) => `${page.status} ${page.path}`);
    expect(failed).toEqual([]);
  });

  test('no page carries a NUL or another invalid character', () => {
    expect(
      pages
        .filter((page) => page.invalidCharacter !== null)
        .map((page) => `${page.path}: ${page.invalidCharacter}`),
    ).toEqual([]);
  });

  test('no two pages share a title', () => {
    const byTitle = new Map<string, string[]>();
    for (const page of pages) {
      const title = page.title;
      byTitle.set(title, [...(byTitle.get(title) ?? []), page.path]);
    }
    const duplicates = [...byTitle]
      .filter(([, paths]) => paths.length > 1)
      .map(([title, paths]) => `${title}: ${paths.join(' ')}`);
    expect(duplicates).toEqual([]);
  });
});

describe('no dead ends', () => {
  test('every link a sitemap page shows leads to a page that answers 200', async () => {
    expect(links.size).toBeGreaterThan(500);
    const dead: string[] = [];
    await inParallel([...links.keys()], 3, async (href) => {
      let location = href;
      for (let hop = 0; hop < 3; hop++) {
        const reply = await app.request(location, { headers: { accept: 'text/html' } });
        if (reply.status >= 300 && reply.status < 400 && reply.headers.location) {
          location =
            new URL(reply.headers.location, app.origin).pathname +
            new URL(reply.headers.location, app.origin).search;
          continue;
        }
        if (reply.status !== 200) dead.push(`${reply.status} ${href} (on ${links.get(href)})`);
        return;
      }
      dead.push(`redirect loop ${href} (on ${links.get(href)})`);
    });
    expect(dead.sort()).toEqual([]);
  }, 900_000);
});

/** What a badge's words claim about the price: a percentage, a sale, or nothing. */
function claimOf(badge: string): { percent: number } | 'sale' | null {
  const percent = /(\d+)\s*%/.exec(badge);
  if (percent) return { percent: Number(percent[1]) };
  return /\b(sale|deals?|savings?|clearance)\b/i.test(badge) ? 'sale' : null;
}

/** The price as the page shows it: what the shopper pays and, on a store sale, the regular price. */
function shownPrice(text: string): { paid: number; regular: number | null; sale: boolean } | null {
  const money = (pattern: RegExp) => {
    const match = pattern.exec(text);
    return match ? Math.round(Number(match[1]!.replace(/,/g, '')) * 100) : null;
  };
  const sale = money(/Sale price \$([\d,]+\.\d{2})/);
  const regular = money(/Regular price \$([\d,]+\.\d{2})/);
  if (sale !== null) return { paid: sale, regular, sale: true };
  const your = money(/Your price \$([\d,]+\.\d{2})/);
  if (your !== null) return { paid: your, regular, sale: false };
  const plain = money(/\$([\d,]+\.\d{2})/);
  return plain === null ? null : { paid: plain, regular: null, sale: false };
}

/** Problems with the badges beside one price: a claim the price does not bear out, or two sale badges. */
function badgeProblems(where: string, badges: string[], price: ReturnType<typeof shownPrice>): string[] {
  const problems: string[] = [];
  const claims = badges.filter(
    (badge) => claimOf(badge) !== null || badge === 'Sale' || /^\d+% OFF$/.test(badge),
  );
  if (claims.length > 1) problems.push(`${where}: two sale badges ${JSON.stringify(claims)}`);
  for (const badge of badges) {
    const claim = claimOf(badge);
    if (claim === null) continue;
    if (!price?.sale || price.regular === null) {
      problems.push(`${where}: "${badge}" on a price that is not a sale`);
      continue;
    }
    if (claim !== 'sale') {
      const off = Math.round(((price.regular - price.paid) / price.regular) * 100);
      if (off !== claim.percent) problems.push(`${where}: "${badge}" on ${off}% off`);
    }
  }
  return problems;
}

describe('badges agree with prices', () => {
  test('on every card of every listing page', () => {
    const problems: string[] = [];
    let cards = 0;
    let badges = 0;
    for (const page of pages) {
      for (const card of page.cards) {
        cards++;
        badges += card.badges.length;
        problems.push(
          ...badgeProblems(`${page.path} card ${card.name}`, card.badges, shownPrice(card.price)),
        );
      }
    }
    expect(problems).toEqual([]);
    expect(cards).toBeGreaterThan(200);
    expect(badges).toBeGreaterThanOrEqual(cards);
  });

  test('on every product page', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const page of pages) {
      if (!page.productBadges) continue;
      checked++;
      problems.push(
        ...badgeProblems(page.path, page.productBadges.badges, shownPrice(page.productBadges.price)),
      );
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});

describe('ratings', () => {
  test('star fills are whole percentages (no float noise in the markup)', () => {
    const noisy = new Set<string>();
    for (const page of pages) {
      for (const width of page.widths) if (!/^\d+$/.test(width)) noisy.add(`${page.path}: ${width}%`);
    }
    expect([...noisy].slice(0, 10)).toEqual([]);
  });

  test('Top rated ranks by the score weighted by its number of reviews', async () => {
    const reply = await app.request('/mens/?sort=top-rated', { headers: { accept: 'text/html' } });
    const ratings = [...reply.text.matchAll(/<article\b[\s\S]*?<\/article>/g)].flatMap(([card]) => {
      const score = /Rated ([\d.]+) out of 5/.exec(card);
      const count = /\(([\d,]+) reviews?\)/.exec(textOf(card));
      return score && count ? [{ score: Number(score[1]), count: Number(count[1]!.replace(/,/g, '')) }] : [];
    });
    expect(ratings.length).toBeGreaterThan(10);
    // Pulled towards 4.0 as if each product had ten more reviews of 4.0; shown scores are rounded to one decimal, so neighbours may differ by up to 0.1 the wrong way.
    const weighted = ratings.map(({ score, count }) => (score * count + 40) / (count + 10));
    for (let index = 1; index < weighted.length; index++) {
      expect(weighted[index]!, JSON.stringify(ratings.slice(0, index + 1))).toBeLessThanOrEqual(
        weighted[index - 1]! + 0.1,
      );
    }
    // A single five-star review does not top the list.
    expect(ratings[0]!.count).toBeGreaterThan(1);
  });
});
