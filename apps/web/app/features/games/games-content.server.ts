import type { ContentData } from '@chrysos/contract';
import type { Locale } from '@chrysos/rules';
import type { ContentReader } from '../../lib/app-context';

export type GamesErrorCode = ContentData<'gamesError'>['code'];
export type GamesErrorText = Omit<ContentData<'gamesError'>, 'code'>;
export type GamesErrors = Partial<Record<GamesErrorCode, GamesErrorText>>;

/** The `gamesError` entries by code: what a player reads when a game cannot be found, played or shown. */
export function gamesErrors(content: ContentReader, locale: Locale): GamesErrors {
  return Object.fromEntries(
    content.list('gamesError', locale).map(({ data: { code, ...text } }) => [code, text]),
  );
}
