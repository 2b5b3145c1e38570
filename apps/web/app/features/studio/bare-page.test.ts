import { describe, expect, it } from 'vitest';
import { bareHandle, barePage } from './bare-page';

describe('barePage', () => {
  it('finds the bare route and its language', () => {
    expect(barePage([{ handle: undefined }, { handle: bareHandle, loaderData: { lang: 'el' } }])).toEqual({
      lang: 'el',
    });
    expect(barePage([{ handle: bareHandle }])).toEqual({ lang: 'en' });
  });

  it('leaves casino pages alone', () => {
    expect(barePage([{ handle: { bare: 'yes' } }, { handle: null }, {}])).toBeNull();
  });
});
