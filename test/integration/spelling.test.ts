import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pages from '../../content/pages.json';
import { britishSpellings } from '../../server/content/us-spelling';
import { startHttpApp } from '../helpers/http-app';

/**
 * One spelling, US English, in what the store shows (issue 9 §9): the rendered text of the content pages and the
 * pages and panels a shopper goes through (home, listing and its filters, product and its size chart, search,
 * cookie settings, sign-in, sign-up, password reset, cart, pro program, repairs, the 404 page), including the
 * attributes a shopper meets (alt, title, labels, placeholders, meta descriptions). Markup, scripts, styles, class
 * names and URLs are identifiers, not text, and are left out. The seeded data and `content/` are checked whole by
 * server/content/us-spelling.test.ts.
 */
let app: Awaited<ReturnType<typeof startHttpApp>>;

beforeAll(async () => {
  app = await startHttpApp({ products: 48, microCache: false });
});

afterAll(async () => {
  await app?.close();
});

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

/** What a shopper reads or hears on a page: its text and its shown or spoken attributes. */
function shopperText(html: string): string {
  const withoutCode = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ');
  const attributes = [
    ...withoutCode.matchAll(/\s(?:alt|title|aria-label|placeholder|aria-description)="([^"]*)"/g),
    ...[...withoutCode.matchAll(/<meta\b[^>]*>/g)].flatMap(([tag]) =>
      /\s(?:name|property)="(?:description|og:title|og:description|og:image:alt|twitter:title|twitter:description|twitter:image:alt)"/.test(
        tag,
      )
        ? [...tag.matchAll(/\scontent="([^"]*)"/g)]
        : [],
    ),
    ...[...withoutCode.matchAll(/<input\b[^>]*type="(?:submit|button)"[^>]*>/g)].flatMap(([tag]) => [
      ...tag.matchAll(/\svalue="([^"]*)"/g),
    ]),
  ].map(([, value]) => value!);
  const text = withoutCode.replace(/<[^>]*>/g, ' ');
  // Addresses shown as text are identifiers too.
  return decode([text, ...attributes].join('\n'))
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/[ \t]+/g, ' ');
}

/** GET `path`, following redirects; the page's status and HTML. */
async function render(path: string): Promise<{ status: number; html: string; at: string }> {
  let location = path;
  for (let hop = 0; hop < 4; hop++) {
    const reply = await app.request(location, { headers: { accept: 'text/html' } });
    if (reply.status >= 300 && reply.status < 400 && reply.headers.location) {
      const next = new URL(reply.headers.location, app.origin);
      location = `${next.pathname}${next.search}`;
      continue;
    }
    return { status: reply.status, html: reply.text, at: location };
  }
  throw new Error(`redirect loop from ${path}`);
}

describe('US spelling on the rendered pages (issue 9 §9)', () => {
  test('the content pages, the shopping pages and every panel use US spellings only', async () => {
    const listing = await render('/mens/');
    expect(listing.status).toBe(200);
    const product = /href="(\/products\/[^"?]+)"/.exec(listing.html)?.[1];
    expect(product).toBeDefined();
    const paths = [
      '/',
      ...pages.pages.map((page) => page.path),
      '/mens/',
      '/womens/all/',
      '/sale/',
      product!,
      `${product!}?size-chart=true`,
      '/search?q=jacket',
      '/search?q=zzzzqqq',
      '/cookie-settings',
      '/?login',
      '/?create-an-account',
      '/?reset-password',
      '/?cart',
      '/cart',
      '/pro-program',
      '/warranties',
      '/warranties/repair',
      '/training',
      '/account',
      '/signed-out',
      '/no-such-page-at-all',
    ];
    const problems: string[] = [];
    let rendered = 0;
    /** Words each page must show, so the scan is known to read them (main had "personalise" on the first). */
    const shown: Record<string, string[]> = {
      '/cookie-settings': ['to personalize your visit'],
      [product!]: ['Color:'],
      '/?login': ['Sign In'],
    };
    for (const path of paths) {
      const { status, html, at } = await render(path);
      expect([200, 404], `${path} → ${at}`).toContain(status);
      rendered += 1;
      const text = shopperText(html);
      for (const words of shown[path] ?? []) expect(text, path).toContain(words);
      for (const { word, us } of britishSpellings(text)) {
        const index = text.indexOf(word);
        const context = text.slice(Math.max(0, index - 60), index + word.length + 20).replace(/\s+/g, ' ');
        problems.push(`${path}${at === path ? '' : ` (→ ${at})`}: "${word}" (US: ${us}) in "…${context}…"`);
      }
    }
    expect(rendered).toBe(paths.length);
    expect([...new Set(problems)]).toEqual([]);
  });
});
