import { describe, expect, it } from 'vitest';
import { engines } from './math/index.ts';
import { engineIds, studioBrands } from './studio-types.ts';
import { declaredRtpPercent, titleById, titles } from './titles.ts';

const greek = /[\u0370-\u03ff\u1f00-\u1fff]/;
const hex = /^#[0-9a-f]{6}$/;

describe('studio catalogue', () => {
  it('publishes at least 24 titles, at least six per brand, every engine among them', () => {
    expect(titles.length).toBeGreaterThanOrEqual(24);
    for (const brand of studioBrands) {
      expect(titles.filter((title) => title.brand === brand.id).length, brand.id).toBeGreaterThanOrEqual(6);
    }
    for (const engine of engineIds)
      expect(
        titles.some((title) => title.engine === engine),
        engine,
      ).toBe(true);
    expect(new Set(titles.map((title) => title.id)).size).toBe(titles.length);
  });

  it('declares each title’s RTP from its maths variant, never above it', () => {
    for (const title of titles) {
      const variant = engines[title.engine].variants[title.variant];
      expect(variant, `${title.id} → ${title.variant}`).toBeDefined();
      if (!variant) continue;
      expect(title.rtp, title.id).toBe(declaredRtpPercent(variant));
      expect(title.rtp, title.id).toBeLessThanOrEqual(variant.rtp * 100);
      expect(variant.rtp * 100 - title.rtp, title.id).toBeLessThan(0.01);
    }
    expect(declaredRtpPercent({ rtp: 0.97, rtpMethod: '' })).toBe(97);
    expect(declaredRtpPercent({ rtp: 36 / 37, rtpMethod: '' })).toBe(97.29);
  });

  it('describes every title in English and Greek', () => {
    for (const title of titles) {
      expect(title.title.en.length, title.id).toBeGreaterThan(2);
      expect(title.title.el, title.id).toMatch(greek);
      expect(title.description.en.length, title.id).toBeGreaterThan(40);
      expect(title.description.el, title.id).toMatch(greek);
      expect(title.description.en, title.id).not.toMatch(greek);
    }
  });

  it('gives each title an id, a theme, a release date in 2025–2026 and limits its maths can take', () => {
    for (const title of titles) {
      expect(title.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(title.theme.background, title.id).toMatch(hex);
      expect(title.theme.accent, title.id).toMatch(hex);
      expect(title.theme.symbol, title.id).toMatch(/^[a-z-]+$/);
      expect(title.releasedAt, title.id).toMatch(/^202[56]-\d\d-\d\d$/);
      expect(Number.isNaN(Date.parse(title.releasedAt)), title.id).toBe(false);
      expect(title.minBet, title.id).toBeGreaterThan(0);
      expect(title.maxBet, title.id).toBeGreaterThan(title.minBet);
      expect(title.categories.length, title.id).toBeGreaterThan(0);
      // At two decimals the smallest stake must parse as a bet of the title's engine.
      const minStake = Math.round(title.minBet * 100);
      expect(
        () => engines[title.engine].parseBet(betAt(title.engine, minStake), title.variant),
        title.id,
      ).not.toThrow();
    }
  });

  it('states the lines and features of slots from their maths', () => {
    for (const title of titles.filter((entry) => entry.engine === 'video-slot')) {
      expect(title.features, title.id).toEqual(expect.arrayContaining(['wilds', 'scatters', 'free-spins']));
      expect([10, 20, 25], title.id).toContain(title.lines);
      expect(title.description.en, title.id).toMatch(new RegExp(`${title.lines} lines|Ten lines`));
    }
    for (const title of titles.filter(
      (entry) => entry.engine !== 'video-slot' && entry.engine !== 'classic-slot',
    )) {
      expect(title.lines, title.id).toBeUndefined();
    }
  });

  it('finds a title by id', () => {
    expect(titleById('golden-drachma')?.title.en).toBe('Golden Drachma');
    expect(titleById('no-such-game')).toBeUndefined();
  });
});

function betAt(engine: string, stake: number): unknown {
  switch (engine) {
    case 'roulette':
      return { bets: [{ type: 'red', amount: stake }] };
    case 'dice':
      return { stake, target: 50, direction: 'under' };
    default:
      return { stake };
  }
}
