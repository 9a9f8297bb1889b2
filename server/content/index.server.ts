/**
 * The content context: CMS documents (navigation, promo bar, footer, social links, SEO defaults, home page)
 * read from JSON files in `content/` and validated once, at start-up. A bad document stops the start with
 * an error naming the file and the field. A headless CMS adapter would implement the same `ContentService`
 * with the same schemas (ARCHITECTURE.md, "Embedded defaults").
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger';
import {
  contentSchemas,
  formatIssues,
  type ContentDocumentName,
  type ContentDocuments,
  type ContentPage,
  type Footer,
  type GiftCardContent,
  type HomeContent,
  type Navigation,
  type Promobar,
  type Seo,
  type Social,
} from './schema';

export type ContentService = {
  navigation(): Navigation;
  promobar(): Promobar;
  footer(): Footer;
  social(): Social;
  seo(): Seo;
  home(): HomeContent;
  /** Every content page (help, legal, coming soon). */
  pages(): readonly ContentPage[];
  /** The content page at `path` (help, legal, coming soon), or null. */
  page(path: string): ContentPage | null;
  /** The coming-soon page that stands for `path` (a feature still being built), or null. */
  comingPageFor(path: string): ContentPage | null;
  /** The gift-card model (content/gift-card.json): amounts and the most per cart, in whole dollars. */
  giftCard(): GiftCardContent;
};

export class ContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentError';
  }
}

/** Documents are shared by every request: freezing them turns an accidental mutation into an error. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

async function readDocument<K extends ContentDocumentName>(
  dir: string,
  name: K,
): Promise<ContentDocuments[K]> {
  const file = path.join(dir, `${name}.json`);
  const shown = path.relative(process.cwd(), file) || file;
  let json: unknown;
  try {
    json = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ContentError(`Content document ${shown} could not be read: ${reason}`);
  }
  const result = contentSchemas[name].safeParse(json);
  if (!result.success) {
    const lines = formatIssues(result.error).map((line) => `  ${line}`);
    throw new ContentError(`Content document ${shown} is invalid:\n${lines.join('\n')}`);
  }
  return deepFreeze(result.data as ContentDocuments[K]);
}

export async function createContentService(deps: { dir: string; logger: Logger }): Promise<ContentService> {
  const names = Object.keys(contentSchemas) as ContentDocumentName[];
  const loaded = await Promise.all(
    names.map(async (name) => [name, await readDocument(deps.dir, name)] as const),
  );
  const documents = Object.fromEntries(loaded) as ContentDocuments;
  deps.logger.info('content loaded', { documents: names.length });
  return {
    navigation: () => documents.navigation,
    promobar: () => documents.promobar,
    footer: () => documents.footer,
    social: () => documents.social,
    seo: () => documents.seo,
    home: () => documents.home,
    giftCard: () => documents['gift-card'],
    pages: () => documents.pages.pages,
    page: (path) => documents.pages.pages.find((page) => page.path === path) ?? null,
    comingPageFor: (path) => {
      const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
      return (
        documents.pages.pages.find(
          (page) =>
            page.kind === 'coming' &&
            (page.standsFor ?? []).some((stands) => stands.replace(/\/+$/, '') === trimmed),
        ) ?? null
      );
    },
  };
}
