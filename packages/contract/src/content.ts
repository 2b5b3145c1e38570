import { z } from 'zod';

/**
 * Content collections (spec §3). Files live under `content/{en,el}/<collection>/<stem>.{yaml,md}`;
 * every file is validated by its collection's schema when the server loads it. Markdown files carry
 * their fields as YAML front matter and their text as `body` (rendered to sanitised HTML in `bodyHtml`).
 */

export const contentVersion = 'v3.5.0' as const;

const visibilityRule = z
  .object({
    group: z.array(z.string().min(1)).optional(),
    date: z.string().optional(),
    ab: z.object({ id: z.string().min(1), path: z.string().min(1) }).optional(),
  })
  .strict();

export const visibilitySettings = z
  .object({ show: visibilityRule.optional(), hide: visibilityRule.optional() })
  .strict()
  .meta({ id: 'VisibilitySettings' });
export type VisibilitySettingsInput = z.infer<typeof visibilitySettings>;

/** A site path (`/games/all`, `/el/...` is added by the app) or an absolute https URL. */
const url = z
  .string()
  .regex(/^(\/[^\s]*|https:\/\/[^\s]+|#[\w-]+)$/, 'expected a site path, an https URL or a #modal hash');
const assetPath = z.string().regex(/^\/[\w./-]+$/, 'expected a path to a file under apps/web/public');

const link = z
  .object({
    title: z.string().min(1),
    url,
    icon: z.string().optional(),
    visibilitySettings: visibilitySettings.optional(),
  })
  .strict();

const withVisibility = { visibilitySettings: visibilitySettings.optional() };

export const contentSchemas = {
  /** Page title and description by page slug (`home`, `games`, `403`, `404`, `500`, …). */
  metaTags: z
    .object({
      slug: z.string().min(1),
      title: z.string().min(1),
      description: z.string().min(1),
      ogImage: assetPath.optional(),
    })
    .strict(),

  /** One per locale: the logos to show, the first visible entry of `links` winning over `defaultLinks`. */
  logos: z
    .object({
      links: z.array(
        z
          .object({
            name: z.string().min(1),
            defaultLink: assetPath,
            compact: assetPath,
            favicon: assetPath,
            appleTouchIcon: assetPath,
            ...withVisibility,
          })
          .strict(),
      ),
      defaultLinks: z
        .object({ defaultLink: assetPath, compact: assetPath, favicon: assetPath, appleTouchIcon: assetPath })
        .strict(),
    })
    .strict(),

  /** Navigation links of the header. */
  header: z.object({ links: z.array(link).min(1) }).strict(),

  /** The side menu (Menu modal): sections of links. */
  menu: z
    .object({
      sections: z.array(z.object({ title: z.string().min(1), links: z.array(link).min(1) }).strict()).min(1),
    })
    .strict(),

  /** The game menu modal: lobby categories with icons. */
  gameMenuModal: z
    .object({
      title: z.string().min(1),
      categories: z.array(link.extend({ icon: z.string().min(1) })).min(1),
    })
    .strict(),

  footer: z
    .object({
      columns: z.array(z.object({ title: z.string().min(1), links: z.array(link).min(1) }).strict()).min(1),
      paymentMethods: z.array(z.object({ name: z.string().min(1), icon: z.string().min(1) }).strict()),
      licence: z.string().min(1),
      responsibleGaming: z.string().min(1),
      supportEmail: z.email(),
    })
    .strict(),

  /** SEO text blocks at the bottom of the footer. */
  footerSeoBlocks: z
    .object({ title: z.string().min(1), body: z.string().min(1), ...withVisibility })
    .strict(),

  /** A promotional strip above the footer. */
  bottomPromo: z
    .object({
      title: z.string().min(1),
      text: z.string().min(1),
      ctaText: z.string().min(1),
      ctaUrl: url,
      banner: assetPath.optional(),
      ...withVisibility,
    })
    .strict(),

  /** The bar pinned to the bottom of the screen on phones. */
  downBar: z
    .object({ text: z.string().min(1), ctaText: z.string().min(1), ctaUrl: url, ...withVisibility })
    .strict(),

  /** The side panel of the Register modal. */
  registerModal: z
    .object({
      title: z.string().min(1),
      subtitle: z.string().min(1),
      banner: assetPath,
      benefits: z.array(z.string().min(1)).min(1),
      ...withVisibility,
    })
    .strict(),

  /** Announces a change of the privacy policy to players who have not seen it since `utcDateTime`. */
  privacyPolicyUpdate: z
    .object({
      utcDateTime: z.iso.datetime(),
      title: z.string().min(1),
      text: z.string().min(1),
      linkText: z.string().min(1),
      linkUrl: url,
    })
    .strict(),

  /** A promotion's page at `/promotions/{slug}` (Markdown body; `terms` are its specific conditions). */
  promotions: z
    .object({
      slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected a lowercase-hyphenated slug'),
      title: z.string().min(1),
      summary: z.string().min(1),
      banner: assetPath,
      ctaText: z.string().min(1),
      ctaUrl: url,
      terms: z.array(z.string().min(1)).min(1),
      body: z.string().min(1),
      ...withVisibility,
    })
    .strict(),

  /** Pages at `/{slug}`: terms, privacy policy, … (Markdown). */
  textPages: z
    .object({
      slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected a lowercase-hyphenated slug'),
      title: z.string().min(1),
      description: z.string().min(1),
      body: z.string().min(1),
      updatedAt: z.iso.date().optional(),
    })
    .strict(),
} as const;

export type ContentCollection = keyof typeof contentSchemas;
export const contentCollections = Object.keys(contentSchemas) as ContentCollection[];
export type ContentData<C extends ContentCollection> = z.infer<(typeof contentSchemas)[C]>;

/** An item as the query API returns it. */
export interface ContentItem<C extends ContentCollection = ContentCollection> {
  collection: C;
  locale: 'en' | 'el';
  stem: string;
  data: ContentData<C>;
  bodyHtml: string | null;
}

const fieldName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'expected a field name');
const scalar = z.union([z.string(), z.number(), z.boolean()]);

export const contentQuery = z
  .object({
    collection: z.enum(contentCollections as [ContentCollection, ...ContentCollection[]]),
    locale: z.enum(['en', 'el']),
    /** Equality on `stem` or a top-level field; `{ in: [...] }` for any of several values. */
    where: z
      .record(fieldName, z.union([scalar, z.object({ in: z.array(scalar).min(1).max(100) }).strict()]))
      .optional(),
    order: z
      .array(z.object({ field: fieldName, direction: z.enum(['asc', 'desc']).default('asc') }).strict())
      .max(3)
      .optional(),
    limit: z.number().int().min(1).max(200).default(100),
    offset: z.number().int().min(0).default(0),
  })
  .strict()
  .meta({ id: 'ContentQuery' });
export type ContentQuery = z.input<typeof contentQuery>;

export const contentQueryResult = z
  .object({
    version: z.literal(contentVersion),
    total: z.number().int(),
    items: z.array(
      z.object({
        collection: z.string(),
        locale: z.enum(['en', 'el']),
        stem: z.string(),
        data: z.record(z.string(), z.unknown()),
        bodyHtml: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'ContentQueryResult' });
