import { describe, expect, it } from 'vitest';
import { thumbnailIn, thumbnailPath } from './thumbnails.ts';

describe('a house title thumbnail in a language', () => {
  it('is the art lettered in Greek on the Greek site, the English art on the English one', () => {
    expect(thumbnailIn(thumbnailPath('golden-drachma'), 'el')).toBe('/images/games/el/golden-drachma.svg');
    expect(thumbnailIn(thumbnailPath('golden-drachma'), 'en')).toBe('/images/games/golden-drachma.svg');
  });

  it("leaves another studio's artwork as its feed gives it", () => {
    expect(thumbnailIn('https://cdn.example.com/art/sirens.png', 'el')).toBe(
      'https://cdn.example.com/art/sirens.png',
    );
    expect(thumbnailIn('/images/games/el/golden-drachma.svg', 'el')).toBe(
      '/images/games/el/golden-drachma.svg',
    );
  });
});
