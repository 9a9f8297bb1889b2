// Placeholder: replaced by the content service (navigation, promo bar, footer, social, SEO).
import type { Logger } from '../logger';

export type ContentService = Record<string, never>;

export async function createContentService(_deps: { dir: string; logger: Logger }): Promise<ContentService> {
  return {};
}
