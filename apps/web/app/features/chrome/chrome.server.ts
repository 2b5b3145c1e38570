import type { ContentData } from '@chrysos/contract';
import type { Locale } from '@chrysos/rules';
import type { AppContext } from '../../lib/app-context';
import type { LogoSet } from '../../ui/BrandLogo';

const fallbackLogo: LogoSet = {
  defaultLink: '/brand/logo.svg',
  compact: '/brand/logo-compact.svg',
  favicon: '/brand/favicon.svg',
  appleTouchIcon: '/brand/apple-touch-icon.png',
};

/** The first logo variant the visitor may see (a seasonal one, say), else the defaults. */
function pickLogo(logos: ContentData<'logos'> | undefined, app: AppContext): LogoSet {
  if (!logos) return fallbackLogo;
  const variant = logos.links.find((link) => app.content.isVisible(link.visibilitySettings));
  return variant ?? logos.defaultLinks;
}

/** Site chrome for one page: header, logo, footer, promo strips and page meta, filtered for the visitor. */
export function loadChrome(app: AppContext, locale: Locale) {
  const visibleLinks = <T extends { visibilitySettings?: unknown }>(links: T[]) =>
    links.filter((link) => app.content.isVisible(link.visibilitySettings as never));
  const header = app.content.first('header', locale)?.data;
  const footer = app.content.first('footer', locale)?.data;
  return {
    locale,
    origin: app.origin,
    supportEmail: app.supportEmail,
    logo: pickLogo(app.content.first('logos', locale)?.data, app),
    headerLinks: visibleLinks(header?.links ?? []).map(({ title, url }) => ({ title, url })),
    footer: footer
      ? {
          ...footer,
          columns: footer.columns.map((column) => ({ ...column, links: visibleLinks(column.links) })),
        }
      : null,
    footerSeoBlocks: app.content
      .list('footerSeoBlocks', locale)
      .map((item) => ({ title: item.data.title, html: item.bodyHtml ?? '' })),
    bottomPromo: app.content.first('bottomPromo', locale)?.data ?? null,
    downBar: app.content.first('downBar', locale)?.data ?? null,
    menu: (() => {
      const menu = app.content.first('menu', locale)?.data;
      return menu
        ? { sections: menu.sections.map((section) => ({ ...section, links: visibleLinks(section.links) })) }
        : null;
    })(),
    gameMenu: (() => {
      const gameMenu = app.content.first('gameMenuModal', locale)?.data;
      return gameMenu ? { ...gameMenu, categories: visibleLinks(gameMenu.categories) } : null;
    })(),
    /** Texts of the games lobby: also the search modal's and the home page rows'. */
    games: app.content.first('games', locale)?.data ?? null,
    metaTags: Object.fromEntries(
      app.content
        .list('metaTags', locale)
        .map((item) => [item.data.slug, { title: item.data.title, description: item.data.description }]),
    ) as Record<string, { title: string; description: string }>,
  };
}
