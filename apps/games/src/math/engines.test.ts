import { describe, expect, it } from 'vitest';
import { engineIds } from '../studio-types.ts';
import { engines } from './index.ts';

describe('engine registry', () => {
  it('holds every engine under its own id, each declaring how its variants’ RTP was found', () => {
    expect(Object.keys(engines).sort()).toEqual([...engineIds].sort());
    for (const id of engineIds) {
      const engine = engines[id];
      expect(engine.id).toBe(id);
      const variants = Object.entries(engine.variants);
      expect(variants.length, id).toBeGreaterThan(0);
      for (const [key, variant] of variants) {
        expect(variant.rtp, `${id}/${key}`).toBeGreaterThan(0.9);
        expect(variant.rtp, `${id}/${key}`).toBeLessThan(1);
        expect(variant.rtpMethod.length, `${id}/${key}`).toBeGreaterThan(40);
      }
    }
  });

  it('treats an unknown variant as a catalogue error, not a bad bet', () => {
    for (const engine of Object.values(engines)) {
      expect(() => engine.parseBet({ stake: 100 }, 'no-such-variant')).toThrow(/no variant/);
    }
  });

  it('keeps steps JSON-serialisable: a stored state and view read back equal', () => {
    const rng = { int: () => 0, float: () => 0 };
    for (const engine of Object.values(engines)) {
      const variant = Object.keys(engine.variants)[0] ?? '';
      const input =
        engine.id === 'roulette'
          ? { bets: [{ type: 'red', amount: 100 }] }
          : { stake: 100, target: 50, direction: 'under' };
      const step = engine.start(engine.parseBet(input, variant), variant, rng);
      expect(JSON.parse(JSON.stringify(step)), engine.id).toEqual(step);
    }
  });
});
