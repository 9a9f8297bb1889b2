import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCategories } from '../db/seed/categories';
import { createLogger } from '../logger';
import { ContentError, createContentService, type ContentService } from './index.server';
import type { MenuItem } from './schema';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const contentDir = path.join(root, 'content');
const silent = createLogger({ sink: () => {} });

const temporaryDirs: string[] = [];
afterEach(() => {
  for (const dir of temporaryDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of content/ with one document replaced. */
function contentWith(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-'));
  temporaryDirs.push(dir);
  fs.cpSync(contentDir, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flatten(item.itemsCollection.items)]);
}

/** Every `src` and link URL anywhere in a document. */
function collect(value: unknown, key: 'src' | 'url' | 'linkUrl', found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((entry) => collect(entry, key, found));
  else if (value && typeof value === 'object') {
    for (const [name, child] of Object.entries(value)) {
      if (name === key && typeof child === 'string') found.push(child);
      else collect(child, key, found);
    }
  }
  return found;
}

describe('content service', () => {
  let content: ContentService;

  it('loads and validates every document of content/', async () => {
    content = await createContentService({ dir: contentDir, logger: silent });
    expect(content.navigation().items.map((item) => item.title)).toEqual(
      expect.arrayContaining([
        'Mens',
        'Womens',
        'Youth',
        'Gear',
        'Pursuit',
        'Pattern',
        'Sale',
        'New Arrivals',
      ]),
    );
    expect(content.navigation().items.filter((item) => item.mobileOnly).length).toBeGreaterThanOrEqual(2);
    expect(content.promobar().items.length).toBeGreaterThan(0);
    expect(content.footer().legalLinks.map((link) => link.url)).toEqual(['/legal/privacy', '/legal/terms']);
    expect(content.seo().titleTemplate).toContain('%s');
    expect(content.home().categoryTiles.tiles.length).toBeGreaterThan(0);
    expect(content.giftCard()).toEqual({ minAmount: 25, maxAmount: 500, maxPerCart: 5 });
  });

  it('freezes the documents it shares between requests', () => {
    const mens = content.navigation().items[0]!;
    expect(() => {
      mens.title = 'Changed';
    }).toThrow(TypeError);
  });

  it('links the menu only to categories of the seeded tree', () => {
    const categoryUrls = new Set(buildCategories().map((category) => category.row.url));
    const menuUrls = flatten(content.navigation().items).map((item) => item.url);
    const groupUrls = collect(content.navigation(), 'url').filter((url) => !menuUrls.includes(url));
    expect([...menuUrls, ...groupUrls].filter((url) => !categoryUrls.has(url))).toEqual([]);
    const tiles = content.home().categoryTiles.tiles.map((tile) => tile.url);
    expect(tiles.filter((url) => !categoryUrls.has(url))).toEqual([]);
  });

  it('references only images that exist under public/', () => {
    const documents = [content.navigation(), content.promobar(), content.seo(), content.home()];
    const missing = documents
      .flatMap((document) => collect(document, 'src'))
      .filter((src) => !fs.existsSync(path.join(root, 'public', src)));
    expect(missing).toEqual([]);
  });

  it('names the file and the field of a broken document', async () => {
    const seo = JSON.parse(fs.readFileSync(path.join(contentDir, 'seo.json'), 'utf8'));
    delete seo.siteName;
    const dir = contentWith('seo.json', JSON.stringify(seo));
    const failure = createContentService({ dir, logger: silent });
    await expect(failure).rejects.toThrow(ContentError);
    await expect(failure).rejects.toThrow(/seo\.json is invalid:\n {2}siteName: Required/);
  });

  it('refuses a gift-card model whose minimum is above its maximum, naming the file and field', async () => {
    const dir = contentWith('gift-card.json', '{ "minAmount": 600, "maxAmount": 500, "maxPerCart": 5 }');
    await expect(createContentService({ dir, logger: silent })).rejects.toThrow(
      /gift-card\.json is invalid:\n {2}maxAmount: must not be below minAmount/,
    );
  });

  it('names the file that is not JSON or is missing', async () => {
    await expect(
      createContentService({ dir: contentWith('footer.json', '{ "linkGroups": [ }'), logger: silent }),
    ).rejects.toThrow(/footer\.json could not be read: .*JSON/);
    const dir = contentWith('home.json', '{}');
    fs.rmSync(path.join(dir, 'home.json'));
    await expect(createContentService({ dir, logger: silent })).rejects.toThrow(
      /home\.json could not be read: ENOENT/,
    );
  });
});
