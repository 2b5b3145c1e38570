import type { Locale } from '@chrysos/rules';

/** A house title's thumbnail: under apps/web/public, so the image optimiser serves it at any size. */
export const thumbnailPath = (gameCode: string) => `/images/games/${gameCode}.svg`;

/**
 * A house title's thumbnail lettered in `locale`: the studio's art script draws every title in each
 * language (`/images/games/el/<id>.svg`, kept in step by its test). Other thumbnails are as given.
 */
export function thumbnailIn(thumbnail: string, locale: Locale): string {
  const house = /^\/images\/games\/([a-z0-9-]+)\.svg$/.exec(thumbnail);
  return house && locale !== 'en' ? `/images/games/${locale}/${house[1]}.svg` : thumbnail;
}
