import { describe, expect, it } from 'vitest';
import { roundRng } from '../fair/round-rng.ts';
import {
  type ClassicSlotSymbol,
  type ClassicSlotVariant,
  classicLineWin,
  classicSlot,
  evaluateClassicSpin,
} from './classic-slot.ts';
import { analyseClassicSlot } from './classic-slot-rtp.ts';
import { classicFiveLines, classicSlotVariants } from './classic-slot-variants.ts';
import { BetError } from './engine.ts';
import { scriptedRng } from './scripted-rng.ts';
import { simulateRtp } from './simulation.ts';

const pays: ClassicSlotVariant['pays'] = {
  seven: 100,
  'triple-bar': 50,
  'double-bar': 25,
  bar: 10,
  anyBar: 5,
  cherries: [0, 2, 5, 10],
};
const win = (...symbols: ClassicSlotSymbol[]) => classicLineWin(pays, symbols);

describe('classic slot rules', () => {
  it('pays cherries wherever they stand on the line, by how many there are', () => {
    expect(win('blank', 'cherry', 'blank')).toEqual({ combination: 'cherry', reels: [1], multiple: 2 });
    expect(win('cherry', 'seven', 'cherry')).toEqual({ combination: 'cherry', reels: [0, 2], multiple: 5 });
    expect(win('cherry', 'cherry', 'cherry')).toEqual({
      combination: 'cherry',
      reels: [0, 1, 2],
      multiple: 10,
    });
  });

  it('pays three of a kind, and any three bars as mixed bars', () => {
    expect(win('seven', 'seven', 'seven')?.multiple).toBe(100);
    expect(win('triple-bar', 'triple-bar', 'triple-bar')?.multiple).toBe(50);
    expect(win('bar', 'bar', 'bar')).toEqual({ combination: 'bar', reels: [0, 1, 2], multiple: 10 });
    expect(win('bar', 'triple-bar', 'double-bar')).toEqual({
      combination: 'any-bar',
      reels: [0, 1, 2],
      multiple: 5,
    });
  });

  it('pays nothing for blanks, pairs or sevens mixed with bars', () => {
    expect(win('blank', 'blank', 'blank')).toBeNull();
    expect(win('seven', 'seven', 'bar')).toBeNull();
    expect(win('bar', 'bar', 'blank')).toBeNull();
  });

  it('plays five lines over a three-row window', () => {
    const variant: ClassicSlotVariant = {
      rtp: 0,
      rtpMethod: 'test',
      volatility: 'medium',
      rows: 3,
      lines: classicFiveLines,
      reels: [
        ['seven', 'bar', 'cherry'],
        ['blank', 'bar', 'seven'],
        ['seven', 'double-bar', 'blank'],
      ],
      pays,
    };
    const spin = evaluateClassicSpin('test', variant, [0, 0, 0], { stake: 50, lineBet: 10 });
    expect(spin.lineWins).toEqual([
      // Middle row: bar, bar, double bar.
      { line: 1, combination: 'any-bar', reels: [0, 1, 2], amount: 50 },
      // Bottom row: cherry, seven, blank.
      { line: 3, combination: 'cherry', reels: [0], amount: 20 },
      // Up diagonal: cherry, bar, seven.
      { line: 5, combination: 'cherry', reels: [0], amount: 20 },
    ]);
    expect(spin.total).toBe(90);
  });

  it('draws one stop per reel and shows the centre line of a one-row machine', () => {
    const variant = classicSlotVariants['single-line-high'] as ClassicSlotVariant;
    const sevenAt = variant.reels.map((strip) => strip.indexOf('seven'));
    const step = classicSlot.start({ stake: 100, lineBet: 100 }, 'single-line-high', scriptedRng(sevenAt));
    expect(step.view.grid).toEqual([['seven'], ['seven'], ['seven']]);
    expect(step.payout).toBe(100_000);
  });

  it('splits the stake evenly between the lines', () => {
    expect(classicSlot.parseBet({ stake: 50 }, 'five-lines-medium')).toEqual({ stake: 50, lineBet: 10 });
    expect(() => classicSlot.parseBet({ stake: 52 }, 'five-lines-medium')).toThrow(BetError);
    expect(classicSlot.parseBet({ stake: 7 }, 'single-line-low')).toEqual({ stake: 7, lineBet: 7 });
    expect(() => classicSlot.parseBet({ stake: 0 }, 'single-line-low')).toThrow(BetError);
  });
});

describe('classic slot maths', () => {
  it('declares the exact RTP of enumerating every stop combination', () => {
    for (const [key, variant] of Object.entries(classicSlotVariants)) {
      const analysis = analyseClassicSlot(variant);
      expect(analysis.rtp, key).toBe(variant.rtp);
      expect(Number.isInteger(analysis.paidLineBets)).toBe(true);
      expect(variant.rtp, key).toBeGreaterThan(0.94);
      expect(variant.rtp, key).toBeLessThan(0.97);
    }
  });

  it.each(Object.entries(classicSlotVariants))(
    '%s returns its declared RTP over 100,000 rounds',
    (key, variant) => {
      const estimate = simulateRtp({
        engine: classicSlot,
        variant: key,
        bet: { stake: variant.lines.length * 20 },
        rounds: 100_000,
        rngOf: (round) => roundRng('1e'.repeat(32), `classic-${key}`, round),
      });
      expect(Math.abs(estimate.rtp - variant.rtp)).toBeLessThan(5 * estimate.standardError);
    },
  );
});
