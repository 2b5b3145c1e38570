import type { Bonus, Freespin, Lootbox } from '@chrysos/contract';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../lib/i18n';
import {
  addLootbox,
  applyPushed,
  availableLootboxes,
  groupBonuses,
  hasRunningBonus,
  playableFreespins,
  timeLeft,
  wageringShare,
} from './bonus-lists';
import { bonusNotificationItems } from './bonus-notifications';
import { offerMatching } from './DepositOffers';
import el from './messages.el.json';
import en from './messages.en.json';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const bonus = (n: number, changes: Partial<Bonus> = {}): Bonus => ({
  id: uuid(n),
  title: `Bonus ${n}`,
  stage: 'issued',
  created_at: `2026-11-${String(10 + n).padStart(2, '0')}T10:00:00Z`,
  campaign: 'welcome-package',
  kind: 'deposit',
  currency: 'EUR',
  amount_cents: 10_000,
  balance_cents: 0,
  wagering_required_cents: 350_000,
  wagering_done_cents: 0,
  max_bet_cents: 500,
  contributions: [{ category: 'slots', percent: 100 }],
  other_percent: 10,
  wager_days: 30,
  expires_at: null,
  activated_at: null,
  finished_at: null,
  ...changes,
});

const freespin = (n: number, changes: Partial<Freespin> = {}): Freespin => ({
  id: uuid(100 + n),
  title: `Spins ${n}`,
  stage: 'issued',
  created_at: `2026-11-${String(10 + n).padStart(2, '0')}T10:00:00Z`,
  campaign: 'welcome-package',
  game: { identifier: 'chrysos/golden-drachma', title: 'Golden Drachma' },
  currency: 'EUR',
  count: 20,
  played: 0,
  value_cents: 20,
  win_cents: 0,
  expires_at: '2026-12-01T00:00:00Z',
  ...changes,
});

const lootbox = (n: number, stage: Lootbox['stage'] = 'issued'): Lootbox => ({
  id: uuid(200 + n),
  title: `Box ${n}`,
  stage,
  created_at: '2026-11-20T10:00:00Z',
  campaign: 'daily-box',
  server_seed_hash: 'ab'.repeat(32),
  server_seed: null,
  client_seed: null,
  prizes: [{ title: '€5 bonus', weight: 1 }],
  prize: null,
});

const money = (cents: number, currency: string) => `${currency} ${(cents / 100).toFixed(2)}`;

describe('pushed bonuses and free spins (spec §3 fromWs, §7 bonuses_changes)', () => {
  it('replace the kept one by id, marked as pushed, and leave the others as they were', () => {
    const kept = [bonus(2), bonus(1)];
    const pushed = bonus(1, { stage: 'activated', balance_cents: 10_000 });
    const next = applyPushed(kept, pushed);
    expect(next.map((entry) => [entry.id, entry.stage, entry.fromWs])).toEqual([
      [uuid(2), 'issued', undefined],
      [uuid(1), 'activated', true],
    ]);
    expect(kept[1]?.stage).toBe('issued');
  });

  it('join the list newest first when new', () => {
    const next = applyPushed([bonus(1)], bonus(3));
    expect(next.map((entry) => entry.id)).toEqual([uuid(3), uuid(1)]);
    expect(next[0]?.fromWs).toBe(true);
  });
});

describe('pushed lootboxes (spec §4)', () => {
  it('are added on top and de-duplicated by id', () => {
    const kept = [lootbox(1), lootbox(2)];
    const again = addLootbox(kept, lootbox(2, 'opened'));
    expect(again.map((entry) => [entry.id, entry.stage])).toEqual([
      [uuid(202), 'opened'],
      [uuid(201), 'issued'],
    ]);
    expect(addLootbox(null, lootbox(3)).map((entry) => entry.id)).toEqual([uuid(203)]);
  });

  it('count as available only when issued', () => {
    expect(availableLootboxes([lootbox(1), lootbox(2, 'opened'), lootbox(3, 'expired')])).toEqual([
      lootbox(1),
    ]);
    expect(availableLootboxes(null)).toEqual([]);
  });
});

describe('the bonus tab’s lists', () => {
  it('keep handle_bets bonuses apart from the active ones (spec §4) and the ended ones as history', () => {
    const groups = groupBonuses([
      bonus(1, { stage: 'activated', activated_at: '2026-11-15T00:00:00Z' }),
      bonus(2, { stage: 'handle_bets' }),
      bonus(3, { stage: 'issued' }),
      bonus(4, { stage: 'expired', finished_at: '2026-11-18T00:00:00Z' }),
      bonus(5, { stage: 'canceled', finished_at: '2026-11-19T00:00:00Z' }),
      bonus(6, { stage: 'activated', activated_at: '2026-11-14T00:00:00Z' }),
    ]);
    expect(groups.active.map((entry) => entry.id)).toEqual([uuid(6), uuid(1)]);
    expect(groups.handleBets.map((entry) => entry.id)).toEqual([uuid(2)]);
    expect(groups.issued.map((entry) => entry.id)).toEqual([uuid(3)]);
    expect(groups.history.map((entry) => entry.id)).toEqual([uuid(5), uuid(4)]);
  });

  it('tell a running bonus in a currency', () => {
    const bonuses = [bonus(1, { stage: 'handle_bets' }), bonus(2, { stage: 'issued', currency: 'USD' })];
    expect(hasRunningBonus(bonuses)).toBe(true);
    expect(hasRunningBonus(bonuses, 'EUR')).toBe(true);
    expect(hasRunningBonus(bonuses, 'USD')).toBe(false);
  });

  it('offer free spins to play while spins are left', () => {
    const spins = [
      freespin(1),
      freespin(2, { stage: 'activated', played: 5 }),
      freespin(3, { stage: 'activated', played: 20 }),
      freespin(4, { stage: 'expired' }),
    ];
    expect(playableFreespins(spins).map((entry) => entry.id)).toEqual([uuid(101), uuid(102)]);
  });

  it('show wagering as a share, never beyond its ends', () => {
    expect(wageringShare({ wagering_done_cents: 87_500, wagering_required_cents: 350_000 })).toBe(0.25);
    expect(wageringShare({ wagering_done_cents: 400_000, wagering_required_cents: 350_000 })).toBe(1);
    expect(wageringShare({ wagering_done_cents: 0, wagering_required_cents: 0 })).toBe(1);
  });

  it('count the time left in days, hours and minutes, never below zero', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    expect(timeLeft('2026-11-22T13:05:30Z', now)).toEqual({ days: 2, hours: 3, minutes: 5 });
    expect(timeLeft('2026-11-19T00:00:00Z', now)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});

describe('bonus notifications (spec §4)', () => {
  const english = createTranslator(en);

  it('come from activated, issued and handle_bets; canceled only when pushed; other ends never', () => {
    const items = bonusNotificationItems(
      {
        bonuses: [
          bonus(1, { stage: 'issued' }),
          bonus(2, { stage: 'activated' }),
          bonus(3, { stage: 'handle_bets' }),
          bonus(4, { stage: 'canceled' }),
          { ...bonus(5, { stage: 'canceled' }), fromWs: true },
          bonus(6, { stage: 'wagered' }),
          bonus(7, { stage: 'expired' }),
        ],
        freespins: [
          freespin(1),
          { ...freespin(2, { stage: 'canceled' }), fromWs: true },
          freespin(3, { stage: 'canceled' }),
        ],
      },
      english,
      money,
    );
    expect(items.map((item) => [item.type, item.slug])).toEqual([
      ['bonus', `bonus:${uuid(1)}:issued`],
      ['bonus', `bonus:${uuid(2)}:activated`],
      ['bonus', `bonus:${uuid(3)}:handle_bets`],
      ['bonus', `bonus:${uuid(5)}:canceled`],
      ['freespin', `freespin:${uuid(101)}:issued`],
      ['freespin', `freespin:${uuid(102)}:canceled`],
    ]);
  });

  it('are dated by created_at and say what happened in the player’s language', () => {
    const activated = bonus(2, { stage: 'activated' });
    const [item] = bonusNotificationItems({ bonuses: [activated], freespins: [] }, english, money);
    expect(item).toMatchObject({
      createdAt: activated.created_at,
      read: false,
      preview: {
        title: 'Bonus 2',
        text: 'Your bonus of EUR 100.00 is active. Wager EUR 3500.00 to turn it into real money.',
      },
    });
    const [greek] = bonusNotificationItems(
      { bonuses: [], freespins: [freespin(1)] },
      createTranslator(el),
      money,
    );
    expect(greek?.preview.text).toBe('20 δωρεάν περιστροφές στο Golden Drachma σας περιμένουν.');
  });
});

describe('the deposit offer a promotion link asks for', () => {
  const offer = (code: string, campaign: string, terms_url: string) => ({
    code,
    campaign,
    title: code,
    percent: 100,
    max_cents: 50_000,
    min_deposit_cents: 2_000,
    wagering_multiplier: 35,
    wager_days: 30,
    max_bet_cents: 500,
    terms_url,
  });
  const offers = [
    offer('WELCOME100', 'welcome', '/promotions/welcome-package'),
    offer('RELOAD50', 'weekend-reload', '/promotions/weekend-reload/'),
  ];

  it('is found by its code, its campaign or the promotion page of its terms', () => {
    expect(offerMatching(offers, 'welcome100')?.code).toBe('WELCOME100');
    expect(offerMatching(offers, 'welcome')?.code).toBe('WELCOME100');
    expect(offerMatching(offers, 'welcome-package')?.code).toBe('WELCOME100');
    expect(offerMatching(offers, 'weekend-reload')?.code).toBe('RELOAD50');
    expect(offerMatching(offers, 'package')).toBeUndefined();
    expect(offerMatching(offers, null)).toBeUndefined();
  });
});
