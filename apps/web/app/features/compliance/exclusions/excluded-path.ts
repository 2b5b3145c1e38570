import type { Exclusion } from '@chrysos/contract';
import { type Locale, localizePath } from '@chrysos/rules';

/** Where a player who just excluded themselves lands: the sign-in page, saying until when. */
export const excludedPath = (locale: Locale, exclusion: Pick<Exclusion, 'kind' | 'ends_at'>) =>
  `${localizePath('/users/sign_in', locale)}?excluded=${encodeURIComponent(exclusion.ends_at ?? 'permanent')}&kind=${exclusion.kind}`;
