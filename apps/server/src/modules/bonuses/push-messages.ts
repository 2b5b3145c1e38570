import type { PushMessage } from '@chrysos/contract';
import { type Locale, localizePath } from '@chrysos/rules';

/* The words of the bonus engine's web pushes, in the player's language; each opens the bonus tab. */

const bonusesTab = '/profile/bonuses';

type Words = Record<Locale, (title: string) => { title: string; body: string }>;

const bonusWords: Record<string, Words> = {
  issued: {
    en: (t) => ({
      title: 'A bonus is waiting for you',
      body: `${t} is ready to activate in your bonus tab.`,
    }),
    el: (t) => ({
      title: 'Ένα μπόνους σας περιμένει',
      body: `Το «${t}» είναι έτοιμο για ενεργοποίηση στην καρτέλα μπόνους.`,
    }),
  },
  activated: {
    en: (t) => ({
      title: 'Bonus activated',
      body: `${t} is on your bonus balance. Your wagering progress is in your profile.`,
    }),
    el: (t) => ({
      title: 'Το μπόνους ενεργοποιήθηκε',
      body: `Το «${t}» είναι στο υπόλοιπο μπόνους σας. Η πρόοδος στοιχηματισμού φαίνεται στο προφίλ σας.`,
    }),
  },
  handle_bets: {
    en: (t) => ({
      title: 'Wagering complete',
      body: `${t}: wagering is done. It turns into real money as soon as your open rounds finish.`,
    }),
    el: (t) => ({
      title: 'Ο στοιχηματισμός ολοκληρώθηκε',
      body: `«${t}»: ο στοιχηματισμός ολοκληρώθηκε. Γίνεται πραγματικά χρήματα μόλις κλείσουν οι ανοιχτοί γύροι σας.`,
    }),
  },
  wagered: {
    en: (t) => ({
      title: 'Bonus converted',
      body: `${t} is now real money on your balance, ready to play or withdraw.`,
    }),
    el: (t) => ({
      title: 'Το μπόνους μετατράπηκε',
      body: `Το «${t}» είναι πλέον πραγματικά χρήματα στο υπόλοιπό σας, για παιχνίδι ή ανάληψη.`,
    }),
  },
  expired: {
    en: (t) => ({
      title: 'Bonus expired',
      body: `The time to wager ${t} has run out, so its bonus money was removed. Your real money is untouched.`,
    }),
    el: (t) => ({
      title: 'Το μπόνους έληξε',
      body: `Ο χρόνος στοιχηματισμού για το «${t}» έληξε και τα χρήματα μπόνους αφαιρέθηκαν. Τα πραγματικά σας χρήματα δεν επηρεάστηκαν.`,
    }),
  },
  forfeited: {
    en: (t) => ({
      title: 'Bonus forfeited',
      body: `${t} was forfeited with your withdrawal. Your real money is untouched.`,
    }),
    el: (t) => ({
      title: 'Το μπόνους ακυρώθηκε',
      body: `Το «${t}» ακυρώθηκε με την ανάληψή σας. Τα πραγματικά σας χρήματα δεν επηρεάστηκαν.`,
    }),
  },
};

const spinsWords: Record<string, Words> = {
  issued: {
    en: (t) => ({ title: 'Free spins are here', body: `${t}: your free spins are ready to play.` }),
    el: (t) => ({
      title: 'Οι δωρεάν περιστροφές έφτασαν',
      body: `«${t}»: οι δωρεάν περιστροφές σας είναι έτοιμες για παιχνίδι.`,
    }),
  },
  expired: {
    en: (t) => ({ title: 'Free spins expired', body: `${t}: the time to play your free spins has run out.` }),
    el: (t) => ({
      title: 'Οι δωρεάν περιστροφές έληξαν',
      body: `«${t}»: ο χρόνος για τις δωρεάν περιστροφές σας έληξε.`,
    }),
  },
};

const lootboxWords: Words = {
  en: (t) => ({ title: 'A lootbox for you', body: `${t} is waiting to be opened in your bonus tab.` }),
  el: (t) => ({
    title: 'Ένα κουτί δώρων για εσάς',
    body: `Το «${t}» σας περιμένει να το ανοίξετε στην καρτέλα μπόνους.`,
  }),
};

function message(words: Words | undefined, language: Locale, title: string, tag: string): PushMessage | null {
  if (!words) return null;
  return {
    ...words[language](title),
    url: localizePath(bonusesTab, language),
    tag: tag.slice(0, 64),
    kind: 'transactional',
  };
}

export const bonusPush = (stage: string, language: Locale, title: string, id: string) =>
  message(bonusWords[stage], language, title, `bonus-${id}`);
export const freespinsPush = (stage: string, language: Locale, title: string, id: string) =>
  message(spinsWords[stage], language, title, `freespins-${id}`);
export const lootboxPush = (stage: string, language: Locale, title: string, id: string) =>
  stage === 'issued' ? message(lootboxWords, language, title, `lootbox-${id}`) : null;
