import type { PushMessage } from '@chrysos/contract';
import { type Locale, localizePath } from '@chrysos/rules';

/* The words of a tournament winner's web push, in the player's language; it opens the tournament's page. */

const words: Record<
  Locale,
  (title: string, place: number, prize: string) => { title: string; body: string }
> = {
  en: (title, place, prize) => ({
    title: `You won a prize in ${title}`,
    body: `You finished in place ${place}: ${prize} is on your real-money balance, with no wagering.`,
  }),
  el: (title, place, prize) => ({
    title: `Κερδίσατε έπαθλο στο ${title}`,
    body: `Τερματίσατε στη θέση ${place}: ${prize} πιστώθηκαν στο υπόλοιπο πραγματικών χρημάτων σας, χωρίς στοιχηματισμό.`,
  }),
};

export function prizePush(
  language: Locale,
  tournament: { id: string; title: string },
  place: number,
  prize: string,
): PushMessage {
  return {
    ...words[language](tournament.title, place, prize),
    url: localizePath(`/tournaments/finished/${tournament.id}`, language),
    tag: `tournament-${tournament.id}`.slice(0, 64),
    kind: 'transactional',
  };
}
