import { describe, expect, it } from 'vitest';
import { readGameMessage } from './game-messages';

const origin = 'https://chrysos.casino';

describe('messages from a game frame', () => {
  it('reads the exit, balance and cashier messages of the same origin', () => {
    expect(readGameMessage({ origin, data: { type: 'chrysos:exit-game' } }, origin)).toBe('exit');
    expect(readGameMessage({ origin, data: { type: 'chrysos:cashier' } }, origin)).toBe('cashier');
    expect(readGameMessage({ origin, data: { type: 'chrysos:balance', amount: 1 } }, origin)).toBe('balance');
  });

  it('ignores other origins and anything else', () => {
    expect(
      readGameMessage({ origin: 'https://evil.example', data: { type: 'chrysos:exit-game' } }, origin),
    ).toBe(null);
    expect(readGameMessage({ origin, data: 'chrysos:balance' }, origin)).toBe(null);
    expect(readGameMessage({ origin, data: null }, origin)).toBe(null);
    expect(readGameMessage({ origin, data: { type: 'other' } }, origin)).toBe(null);
  });
});
