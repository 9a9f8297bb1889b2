/**
 * Shapes of the CMS documents in `content/` (SPEC §3: Menu item, Promobar item; footer, SEO and home page
 * models). Pure zod with no Node imports, so components can `import type` the inferred types and a headless
 * CMS adapter can validate its answers with the same schemas.
 */
import { z } from 'zod';

const text = z.string().trim().min(1, 'must not be empty');

/** A path on this site: `/mens/`, `/search?q=elk`. Protocol-relative `//host` is refused. */
export const sitePath = z
  .string()
  .regex(/^\/(?!\/)\S*$/, 'must be a site path starting with "/" (no spaces)');

/** A path on this site or an https:// address elsewhere. */
export const href = z
  .string()
  .refine(
    (value) => /^\/(?!\/)\S*$/.test(value) || /^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/.test(value),
    'must be a site path starting with "/" or an https:// URL',
  );

/** An image served from `public/`; width and height reserve its space before it loads. */
export const imageSchema = z
  .object({
    src: z
      .string()
      .regex(
        /^\/[\w\-/.]+\.(svg|png|jpe?g|webp|avif)$/,
        'must be a path under public/ such as "/brand/hero.svg"',
      ),
    /** Empty for a decorative image. */
    alt: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  })
  .strict();
export type ContentImage = z.infer<typeof imageSchema>;

/** Icons a content link may name; the app draws each of them. */
export const linkIcons = ['truck', 'returns', 'warranty', 'chat', 'gift', 'ruler', 'badge', 'pin'] as const;
export type LinkIcon = (typeof linkIcons)[number];

export const linkSchema = z
  .object({
    title: text,
    url: href,
    icon: z.enum(linkIcons).optional(),
  })
  .strict();

export const linkGroupSchema = z
  .object({
    title: text,
    links: z.array(linkSchema).min(1, 'must hold at least one link'),
  })
  .strict();
export type LinkGroup = z.infer<typeof linkGroupSchema>;

export const ctaSchema = z
  .object({
    image: imageSchema,
    title: text,
    description: text,
    linkTitle: text,
    linkUrl: href,
  })
  .strict();
export type Cta = z.infer<typeof ctaSchema>;

/* ───────────────────────────── navigation ───────────────────────────── */

/** Menu item of SPEC §3. `url` is where the item links; the tree paths place it in the menu. */
export type MenuItem = {
  title: string;
  slug: string;
  url: string;
  /** Slugs from the top of the menu to this item, joined by "/": `mens/jackets-and-vests`. */
  navigationTreePath: string;
  /** The parent's navigationTreePath; null at the top level. */
  parentTreePath: string | null;
  itemsCollection: { items: MenuItem[] };
  /** Shown only in the mobile sidebar. */
  mobileOnly: boolean;
  /** Order in the mobile sidebar (ascending; ties keep the document's order). */
  mobileOrder: number;
  cta?: Cta;
  linkGroups: LinkGroup[];
};

type MenuItemInput = Omit<MenuItem, 'itemsCollection' | 'mobileOnly' | 'mobileOrder' | 'linkGroups'> & {
  itemsCollection?: { items: MenuItemInput[] };
  mobileOnly?: boolean;
  mobileOrder?: number;
  linkGroups?: LinkGroup[];
};

export const menuItemSchema: z.ZodType<MenuItem, z.ZodTypeDef, MenuItemInput> = z.lazy(() =>
  z
    .object({
      title: text,
      slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case, like "jackets-and-vests"'),
      url: sitePath,
      navigationTreePath: z.string(),
      parentTreePath: z.string().nullable(),
      itemsCollection: z
        .object({ items: z.array(menuItemSchema) })
        .strict()
        .default({ items: [] }),
      mobileOnly: z.boolean().default(false),
      mobileOrder: z.number().int().nonnegative().default(0),
      cta: ctaSchema.optional(),
      linkGroups: z.array(linkGroupSchema).default([]),
    })
    .strict(),
);

/** The menu is at most three levels deep: top item → mega-menu column → link. */
const MAX_MENU_DEPTH = 3;

/** Tree paths must agree with the nesting, and sibling slugs must differ. */
function checkMenuTree(
  items: MenuItem[],
  parent: MenuItem | null,
  basePath: (string | number)[],
  ctx: z.RefinementCtx,
) {
  const depth = parent ? parent.navigationTreePath.split('/').length + 1 : 1;
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const at = [...basePath, index];
    const expectedParent = parent?.navigationTreePath ?? null;
    if (item.parentTreePath !== expectedParent) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [...at, 'parentTreePath'],
        message: `must be ${JSON.stringify(expectedParent)} (the parent's navigationTreePath)`,
      });
    }
    const expectedPath = expectedParent ? `${expectedParent}/${item.slug}` : item.slug;
    if (item.navigationTreePath !== expectedPath) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [...at, 'navigationTreePath'],
        message: `must be "${expectedPath}" (the parent's path and this item's slug)`,
      });
    }
    if (seen.has(item.slug)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [...at, 'slug'],
        message: `"${item.slug}" is used twice here`,
      });
    }
    seen.add(item.slug);
    const children = item.itemsCollection.items;
    if (children.length > 0 && depth >= MAX_MENU_DEPTH) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [...at, 'itemsCollection', 'items'],
        message: `the menu is at most ${MAX_MENU_DEPTH} levels deep`,
      });
    } else {
      checkMenuTree(children, item, [...at, 'itemsCollection', 'items'], ctx);
    }
  });
}

export const navigationSchema = z
  .object({ items: z.array(menuItemSchema).min(1, 'must hold at least one menu item') })
  .strict()
  .superRefine((navigation, ctx) => checkMenuTree(navigation.items, null, ['items'], ctx));
export type Navigation = z.infer<typeof navigationSchema>;

/* ───────────────────────────── promo bar ───────────────────────────── */

/** Promobar item of SPEC §3. */
export const promobarItemSchema = z
  .object({
    title: text,
    description: text,
    image: imageSchema,
    linkTitle: text,
    linkUrl: href,
  })
  .strict();

export const promobarSchema = z
  .object({
    /** The strip's rotating line (SPEC §4: a new text every 3000 ms). */
    rotatingTexts: z.array(text).min(1, 'must hold at least one text'),
    items: z.array(promobarItemSchema),
  })
  .strict();
export type Promobar = z.infer<typeof promobarSchema>;

/* ───────────────────────────── footer and social ───────────────────────────── */

export const footerSchema = z
  .object({
    /** Collapsible groups (help, buying online, my account). */
    linkGroups: z.array(linkGroupSchema).min(1, 'must hold at least one group'),
    legalLinks: z.array(linkSchema),
    cookieSettings: linkSchema,
    newsletter: z.object({ heading: text, text: text }).strict(),
    /** Shown after "©" and the current year. */
    copyright: text,
  })
  .strict();
export type Footer = z.infer<typeof footerSchema>;

export const socialPlatforms = ['instagram', 'facebook', 'youtube', 'x', 'tiktok', 'pinterest'] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];

export const socialSchema = z
  .object({
    links: z.array(
      z
        .object({
          platform: z.enum(socialPlatforms),
          url: z.string().regex(/^https:\/\/\S+$/, 'must be an https:// URL'),
          /** Accessible name of the icon link, e.g. "Instagram". */
          label: text,
        })
        .strict(),
    ),
  })
  .strict();
export type Social = z.infer<typeof socialSchema>;

/* ───────────────────────────── SEO ───────────────────────────── */

export const seoSchema = z
  .object({
    siteName: text,
    /** `%s` stands for a page's own title: "%s | Cairn Outdoor". */
    titleTemplate: z.string().refine((value) => value.includes('%s'), 'must contain "%s"'),
    /** The home page's title, used as is. */
    defaultTitle: text,
    description: text.max(170, 'must be at most 170 characters (search engines cut the rest)'),
    ogImage: imageSchema,
    locale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, 'must look like "en_US"'),
  })
  .strict();
export type Seo = z.infer<typeof seoSchema>;

/* ───────────────────────────── home page ───────────────────────────── */

export const homeSchema = z
  .object({
    hero: z
      .object({
        eyebrow: text.optional(),
        heading: text,
        text: text,
        image: imageSchema,
        cta: linkSchema,
        secondaryCta: linkSchema.optional(),
      })
      .strict(),
    categoryTiles: z
      .object({
        heading: text,
        tiles: z
          .array(z.object({ title: text, description: text, url: sitePath, image: imageSchema }).strict())
          .min(1, 'must hold at least one tile'),
      })
      .strict(),
    story: z
      .object({
        eyebrow: text.optional(),
        heading: text,
        paragraphs: z.array(text).min(1, 'must hold at least one paragraph'),
        image: imageSchema,
        link: linkSchema,
      })
      .strict(),
  })
  .strict();
export type HomeContent = z.infer<typeof homeSchema>;

/* ───────────────────────────── pages ───────────────────────────── */

/**
 * Content pages (issue 9 §9): help and legal pages with real text (`info`), and pages that say what is coming for
 * features still being built (`coming`), which the catch-all route sends their future paths (`standsFor`) to until
 * the feature's own route lands. `sizeCharts` shows the store's size charts below the text.
 */
export const pageSchema = z
  .object({
    path: sitePath,
    kind: z.enum(['info', 'coming']),
    title: text,
    description: text,
    intro: text,
    sections: z.array(
      z
        .object({
          heading: text,
          paragraphs: z.array(text).min(1, 'must hold at least one paragraph'),
          links: z.array(linkSchema).optional(),
        })
        .strict(),
    ),
    sizeCharts: z.boolean().optional(),
    standsFor: z.array(sitePath).optional(),
  })
  .strict();
export type ContentPage = z.infer<typeof pageSchema>;

export const pagesSchema = z
  .object({ pages: z.array(pageSchema).min(1, 'must hold at least one page') })
  .strict()
  .superRefine((document, context) => {
    const seen = new Set<string>();
    document.pages.forEach((page, index) => {
      for (const path of [page.path, ...(page.standsFor ?? [])]) {
        if (seen.has(path))
          context.addIssue({
            code: 'custom',
            path: ['pages', index, 'path'],
            message: `${path} is used twice`,
          });
        seen.add(path);
      }
    });
  });
export type Pages = z.infer<typeof pagesSchema>;

/**
 * The gift-card content model (SPEC §3: "min/max amount and max per cart"; issue 11 §6), in whole dollars: the
 * cart refuses a gift card outside the amounts or beyond the count (server/cart/gift-cards.ts; decision 061).
 */
const wholeDollars = z.number().int('must be a whole number of dollars').min(1, 'must be at least $1');
export const giftCardSchema = z
  .object({
    minAmount: wholeDollars,
    maxAmount: wholeDollars,
    maxPerCart: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(20, 'must be at most 20'),
  })
  .strict()
  .refine((model) => model.minAmount <= model.maxAmount, {
    path: ['maxAmount'],
    message: 'must not be below minAmount',
  });
export type GiftCardContent = z.infer<typeof giftCardSchema>;

/** Every document of `content/`, by name: `<name>.json` is validated with its schema. */
export const contentSchemas = {
  navigation: navigationSchema,
  promobar: promobarSchema,
  footer: footerSchema,
  social: socialSchema,
  seo: seoSchema,
  home: homeSchema,
  pages: pagesSchema,
  'gift-card': giftCardSchema,
} as const;
export type ContentDocumentName = keyof typeof contentSchemas;
export type ContentDocuments = { [K in ContentDocumentName]: z.infer<(typeof contentSchemas)[K]> };

/** One line per issue, "path.to.field: message", for errors that name the field. */
export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map(
    (issue) => `${issue.path.length ? issue.path.join('.') : '(document)'}: ${issue.message}`,
  );
}
