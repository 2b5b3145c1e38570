import { createHash } from 'node:crypto';
import type { Locale } from '@chrysos/rules';
import accountEl from '../features/account/messages.el.json';
import accountEn from '../features/account/messages.en.json';
import analyticsEl from '../features/analytics/messages.el.json';
import analyticsEn from '../features/analytics/messages.en.json';
import bonusesEl from '../features/bonuses/messages.el.json';
import bonusesEn from '../features/bonuses/messages.en.json';
import cashierEl from '../features/cashier/messages.el.json';
import cashierEn from '../features/cashier/messages.en.json';
import chromeEl from '../features/chrome/messages.el.json';
import chromeEn from '../features/chrome/messages.en.json';
import exclusionsEl from '../features/compliance/exclusions/messages.el.json';
import exclusionsEn from '../features/compliance/exclusions/messages.en.json';
import limitsEl from '../features/compliance/limits/messages.el.json';
import limitsEn from '../features/compliance/limits/messages.en.json';
import privacyPolicyEl from '../features/compliance/privacy-policy/messages.el.json';
import privacyPolicyEn from '../features/compliance/privacy-policy/messages.en.json';
import realityCheckEl from '../features/compliance/reality-check/messages.el.json';
import realityCheckEn from '../features/compliance/reality-check/messages.en.json';
import verificationEl from '../features/compliance/verification/messages.el.json';
import verificationEn from '../features/compliance/verification/messages.en.json';
import contentEl from '../features/content/messages.el.json';
import contentEn from '../features/content/messages.en.json';
import crmEl from '../features/crm/messages.el.json';
import crmEn from '../features/crm/messages.en.json';
import gamesEl from '../features/games/messages.el.json';
import gamesEn from '../features/games/messages.en.json';
import homeEl from '../features/home/messages.el.json';
import homeEn from '../features/home/messages.en.json';
import jackpotEl from '../features/jackpot/messages.el.json';
import jackpotEn from '../features/jackpot/messages.en.json';
import lotteryEl from '../features/lottery/messages.el.json';
import lotteryEn from '../features/lottery/messages.en.json';
import loyaltyEl from '../features/loyalty/messages.el.json';
import loyaltyEn from '../features/loyalty/messages.en.json';
import notificationsEl from '../features/notifications/messages.el.json';
import notificationsEn from '../features/notifications/messages.en.json';
import pwaEl from '../features/pwa/messages.el.json';
import pwaEn from '../features/pwa/messages.en.json';
import studioEl from '../features/studio/messages.el.json';
import studioEn from '../features/studio/messages.en.json';
import tournamentsEl from '../features/tournaments/messages.el.json';
import tournamentsEn from '../features/tournaments/messages.en.json';
import wheelEl from '../features/wheel/messages.el.json';
import wheelEn from '../features/wheel/messages.en.json';
import libEl from '../lib/messages.el.json';
import libEn from '../lib/messages.en.json';
import uiEl from '../ui/messages.el.json';
import uiEn from '../ui/messages.en.json';

/*
 * Each feature keeps the messages of its screens beside them (`messages.{en,el}.json`), the form kit
 * its validation messages, the API client the words of the server's error codes (`codes`); a locale's
 * catalogue is their union, each top-level key in one slice only.
 */
const en = {
  ...uiEn,
  ...libEn,
  ...chromeEn,
  ...contentEn,
  ...gamesEn,
  ...homeEn,
  ...cashierEn,
  ...accountEn,
  ...studioEn,
  ...notificationsEn,
  ...bonusesEn,
  ...tournamentsEn,
  ...exclusionsEn,
  ...limitsEn,
  ...realityCheckEn,
  ...verificationEn,
  ...wheelEn,
  ...loyaltyEn,
  ...lotteryEn,
  ...jackpotEn,
  ...crmEn,
  ...pwaEn,
  ...privacyPolicyEn,
  ...analyticsEn,
};
const el = {
  ...uiEl,
  ...libEl,
  ...chromeEl,
  ...contentEl,
  ...gamesEl,
  ...homeEl,
  ...cashierEl,
  ...accountEl,
  ...studioEl,
  ...notificationsEl,
  ...bonusesEl,
  ...tournamentsEl,
  ...exclusionsEl,
  ...limitsEl,
  ...realityCheckEl,
  ...verificationEl,
  ...wheelEl,
  ...loyaltyEl,
  ...lotteryEl,
  ...jackpotEl,
  ...crmEl,
  ...pwaEl,
  ...privacyPolicyEl,
  ...analyticsEl,
};

export type Messages = typeof en;

export const catalogues: Record<Locale, Messages> = { en, el };

/** A catalogue as the browser gets it: its JSON, a version that changes with it, and its address. */
interface PublishedCatalogue {
  json: string;
  version: string;
  href: string;
}

const published = new Map<Locale, PublishedCatalogue>();

export function publishedCatalogue(locale: Locale): PublishedCatalogue {
  let catalogue = published.get(locale);
  if (!catalogue) {
    const json = JSON.stringify(catalogues[locale]);
    const version = createHash('sha256').update(json).digest('hex').slice(0, 12);
    catalogue = { json, version, href: `/i18n/${locale}.${version}.json` };
    published.set(locale, catalogue);
  }
  return catalogue;
}
