import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

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

/** A short titled text with an icon from the site's icon set. */
const iconCard = z
  .object({ icon: z.string().min(1), title: z.string().min(1), text: z.string().min(1) })
  .strict();

/** The download pages of the mobile apps. */
const downloadPage = z
  .object({
    title: z.string().min(1),
    lead: z.string().min(1),
    image: assetPath,
    steps: z.array(z.string().min(1)).min(2),
    ctaText: z.string().min(1),
    ctaUrl: url,
    note: z.string().min(1),
  })
  .strict();

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

  // ——— Home page ———

  /** One per locale: the home page's hero, strengths, studio section and responsible-play note. */
  homePage: z
    .object({
      hero: z
        .object({
          eyebrow: z.string().min(1),
          title: z.string().min(1),
          lead: z.string().min(1),
          primaryCta: z.object({ text: z.string().min(1), url }).strict(),
          secondaryCta: z.object({ text: z.string().min(1), url }).strict(),
          image: assetPath,
        })
        .strict(),
      strengths: z.object({ title: z.string().min(1), items: z.array(iconCard).min(2) }).strict(),
      studio: z
        .object({ title: z.string().min(1), lead: z.string().min(1), items: z.array(iconCard).min(2) })
        .strict(),
      responsible: z.object({ title: z.string().min(1), text: z.string().min(1), url }).strict(),
    })
    .strict(),

  /** SEO text under a page's content; `page` is the metaTags slug of the page it belongs to. */
  seoBlocks: z
    .object({ page: z.string().min(1), title: z.string().min(1), body: z.string().min(1), ...withVisibility })
    .strict(),

  /** Banner for players who have not made a first deposit yet (hidden from the `depositor` group). */
  firstDepositBonusBanner: z
    .object({
      title: z.string().min(1),
      text: z.string().min(1),
      ctaText: z.string().min(1),
      ctaUrl: url,
      image: assetPath,
      ...withVisibility,
    })
    .strict(),

  // ——— Promotions ———

  /** The promotions page: its heading and the promotions it lists, in order (by `promotions` slug). */
  promotionsCollection: z
    .object({
      title: z.string().min(1),
      lead: z.string().min(1),
      items: z.array(z.object({ slug: z.string().min(1), badge: z.string().optional() }).strict()).min(1),
    })
    .strict(),

  // ——— Help and information pages ———

  /** One FAQ answer (Markdown body); grouped on the page by `category`, ordered by stem. */
  faq: z
    .object({
      category: z.string().min(1),
      question: z.string().min(1),
      body: z.string().min(1),
      ...withVisibility,
    })
    .strict(),

  supportPage: z
    .object({
      title: z.string().min(1),
      lead: z.string().min(1),
      channels: z
        .array(
          z
            .object({
              kind: z.enum(['chat', 'email', 'phone']),
              title: z.string().min(1),
              text: z.string().min(1),
              value: z.string().min(1),
            })
            .strict(),
        )
        .min(1),
      hours: z.array(z.object({ label: z.string().min(1), value: z.string().min(1) }).strict()).min(1),
      formTitle: z.string().min(1),
      formLead: z.string().min(1),
    })
    .strict(),

  /**
   * A payment method as the /payments page presents it: name, icon, processing times and fee. Its
   * limits are not content: they are the cashier's own for `method` (GET /api/payments/methods), so
   * the page shows exactly what the cashier enforces. Several entries may share a method (Visa and
   * Mastercard are both `card`).
   */
  payments: z
    .object({
      name: z.string().min(1),
      icon: z.string().min(1),
      type: z.enum(['card', 'ewallet', 'voucher', 'bank', 'crypto', 'mobile']),
      method: z.string().regex(/^[a-z0-9_-]+$/, 'expected the id of a cashier method, such as card'),
      depositTime: z.string().min(1),
      withdrawalTime: z.string().min(1),
      fee: z.string().min(1),
      ...withVisibility,
    })
    .strict(),

  /** A game studio (Markdown body: its story). */
  providers: z
    .object({
      slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      name: z.string().min(1),
      logo: assetPath,
      tagline: z.string().min(1),
      founded: z.number().int().min(1990).max(2100),
      body: z.string().min(1),
    })
    .strict(),

  mobileApp: z
    .object({
      title: z.string().min(1),
      lead: z.string().min(1),
      image: assetPath,
      features: z.array(iconCard).min(2),
      platforms: z
        .array(
          z
            .object({
              platform: z.enum(['android', 'ios']),
              title: z.string().min(1),
              text: z.string().min(1),
              ctaText: z.string().min(1),
              ctaUrl: url,
            })
            .strict(),
        )
        .length(2),
    })
    .strict(),

  downloadApk: downloadPage,
  downloadIpa: downloadPage,

  // ——— Landing pages at /promos/{slug}: four collections keyed by the landing slug ———

  offers: z
    .object({
      landing: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      headline: z.string().min(1),
      subheadline: z.string().min(1),
      bonus: z.string().min(1),
      image: assetPath,
      terms: z.string().min(1),
      ...withVisibility,
    })
    .strict(),
  registerForm: z
    .object({
      landing: z.string().min(1),
      title: z.string().min(1),
      text: z.string().min(1),
      submitText: z.string().min(1),
      signInText: z.string().min(1),
    })
    .strict(),
  landingSteps: z
    .object({ landing: z.string().min(1), title: z.string().min(1), steps: z.array(iconCard).min(2) })
    .strict(),
  landingFeatures: z
    .object({ landing: z.string().min(1), title: z.string().min(1), features: z.array(iconCard).min(2) })
    .strict(),

  // ——— Copy for capabilities wired up by later work: jackpot, VIP, loyalty, lottery, CRM, wheel, tournaments, games ———

  /** The jackpot page: tiers with their seed amounts (major units, EUR) and how contributions work. */
  jackpotPage: z
    .object({
      title: z.string().min(1),
      lead: z.string().min(1),
      tiers: z
        .array(
          z
            .object({ name: z.string().min(1), seed: z.number().positive(), text: z.string().min(1) })
            .strict(),
        )
        .min(1),
      body: z.string().min(1),
    })
    .strict(),

  /** The invitation to instant VIP status shown to qualifying players. */
  immediateVip: z
    .object({
      title: z.string().min(1),
      lead: z.string().min(1),
      benefits: z.array(z.string().min(1)).min(1),
      ctaText: z.string().min(1),
      ctaUrl: url,
      ...withVisibility,
    })
    .strict(),

  /** Loyalty levels by comp points collected, with their benefits. */
  loyalty: z
    .object({
      title: z.string().min(1),
      lead: z.string().min(1),
      levels: z
        .array(
          z
            .object({
              name: z.string().min(1),
              points: z.number().int().min(0),
              exchangeRate: z.string().min(1),
              benefits: z.array(z.string().min(1)).min(1),
            })
            .strict(),
        )
        .min(2),
      body: z.string().min(1),
    })
    .strict(),

  lottery: z
    .object({
      title: z.string().min(1),
      lead: z.string().min(1),
      ticketRule: z.string().min(1),
      drawSchedule: z.string().min(1),
      prizes: z.array(z.object({ place: z.string().min(1), prize: z.string().min(1) }).strict()).min(1),
      body: z.string().min(1),
    })
    .strict(),

  /** What the site shows when a realtime CRM event arrives for a player. */
  realtimeCrmConfigure: z
    .object({
      event: z.string().regex(/^[a-z_]+$/),
      modal: z.string().min(1),
      title: z.string().min(1),
      text: z.string().min(1),
      ctaText: z.string().min(1),
      ctaUrl: url,
    })
    .strict(),

  /** Content notifications in the notifications list (spec §3 Notification item). */
  notificationsCollection: z
    .object({
      slug: z.string().min(1),
      createdAt: z.iso.datetime(),
      type: z.literal('content'),
      modal: z.string().min(1).optional(),
      preview: z
        .object({ title: z.string().min(1), text: z.string().min(1), image: assetPath.optional() })
        .strict(),
      body: z.string().min(1),
      ...withVisibility,
    })
    .strict(),

  /** The fortune wheel's configuration and sector labels (spec §3). */
  wheelOfFortune: z
    .object({
      title: z.string().min(1),
      lead: z.string().min(1),
      sectorCount: z.number().int().min(4).max(24),
      noWinSector: z.number().int().min(0),
      secretSector: z.number().int().min(0),
      minDepSpin: z.number().positive(),
      promoCode: z.string().min(1),
      sectors: z.array(z.string().min(1)).min(4),
      body: z.string().min(1),
    })
    .strict()
    .refine((wheel) => wheel.sectors.length === wheel.sectorCount, 'sectors must list sectorCount labels')
    .refine(
      (wheel) => wheel.noWinSector < wheel.sectorCount && wheel.secretSector < wheel.sectorCount,
      'noWinSector and secretSector must be sector indexes',
    ),

  wheelOfFortuneModal: z
    .object({
      title: z.string().min(1),
      text: z.string().min(1),
      spinText: z.string().min(1),
      depositText: z.string().min(1),
    })
    .strict(),

  /** A tournament's public description (spec §3). */
  tournamentsCollection: z
    .object({
      frontendIdentifier: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      title: z.string().min(1),
      startAt: z.iso.datetime(),
      endAt: z.iso.datetime(),
      gamesCollection: z.array(z.string().min(1)).min(1),
      prizePool: z.string().min(1),
      prizes: z.array(z.object({ place: z.string().min(1), prize: z.string().min(1) }).strict()).min(1),
      rules: z.array(z.string().min(1)).min(1),
      image: assetPath,
      ...withVisibility,
    })
    .strict()
    .refine((tournament) => tournament.startAt < tournament.endAt, 'a tournament must end after it starts'),

  /** Texts of the tournaments pages. */
  tournaments: z
    .object({
      title: z.string().min(1),
      lead: z.string().min(1),
      states: z.object({ active: z.string(), upcoming: z.string(), finished: z.string() }).strict(),
      emptyText: z.string().min(1),
      howItWorks: z.array(z.string().min(1)).min(1),
    })
    .strict(),

  /** Texts of the games lobby. */
  games: z
    .object({
      title: z.string().min(1),
      lead: z.string().min(1),
      searchPlaceholder: z.string().min(1),
      categories: z.record(z.string(), z.string().min(1)),
      emptyText: z.string().min(1),
      loadMoreText: z.string().min(1),
    })
    .strict(),

  /** What a player sees when a game cannot be opened or found. */
  gamesError: z
    .object({
      code: z.enum(['not_found', 'restricted', 'unavailable', 'login_required', 'play_closed']),
      title: z.string().min(1),
      text: z.string().min(1),
      ctaText: z.string().min(1),
      ctaUrl: url,
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

/** The content store's query API (spec §6). */
export const contentApi = {
  query: endpoint({
    method: 'POST',
    path: '/content/query',
    tags: ['content'],
    summary: 'Items of a content collection visible to the caller',
    body: contentQuery,
    responses: { 200: contentQueryResult, 400: errorBody },
  }),
};
