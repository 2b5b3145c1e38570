import type { PushMessage } from '@chrysos/contract';
import { type Locale, localizePath } from '@chrysos/rules';
import type { Level } from './levels.ts';

/** The web push of a level reached, in the player's language; it opens the loyalty tab. */
export function levelReachedPush(level: Level, language: Locale): PushMessage {
  const words =
    language === 'el'
      ? {
          title: `Καλώς ήρθατε στο επίπεδο ${level.name}`,
          body: `Φτάσατε στο επίπεδο ${level.name}: τώρα ${level.pointsPerEuro} πόντοι αξίζουν €1, και σας περιμένουν νέα προνόμια. Δείτε τα στο προφίλ σας.`,
        }
      : {
          title: `Welcome to ${level.name}`,
          body: `You reached the ${level.name} level: ${level.pointsPerEuro} points are now worth €1, and new benefits are yours. See them in your profile.`,
        };
  return {
    ...words,
    url: localizePath('/profile/loyalty', language),
    tag: 'loyalty-level',
    kind: 'transactional',
  };
}
