import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GameThumb, thumbnailSrcSet } from './GameThumb';

describe('game artwork', () => {
  it('goes through the image optimiser as WebP, at widths up to twice the drawn width', () => {
    expect(thumbnailSrcSet('/images/games/golden-drachma.svg', 200)).toEqual({
      src: '/_ipx/w_240,f_webp/images/games/golden-drachma.svg',
      srcSet: [
        '/_ipx/w_160,f_webp/images/games/golden-drachma.svg 160w',
        '/_ipx/w_240,f_webp/images/games/golden-drachma.svg 240w',
        '/_ipx/w_320,f_webp/images/games/golden-drachma.svg 320w',
      ].join(', '),
    });
    // A small thumbnail still gets one candidate at least as wide as it is drawn.
    expect(thumbnailSrcSet('/images/games/x.svg', 72).srcSet).toBe(
      '/_ipx/w_160,f_webp/images/games/x.svg 160w',
    );
  });

  it('loads lazily with the title initials behind, and eagerly when it is among the first', () => {
    const lazy = renderToStaticMarkup(
      <GameThumb src="/images/games/x.svg" title="Τα Ζάρια του Ερμή" sizes="200px" />,
    );
    expect(lazy).toContain('loading="lazy"');
    expect(lazy).toContain('alt=""');
    expect(lazy).toContain('>ΤΖ<');
    const eager = renderToStaticMarkup(
      <GameThumb src="/images/games/x.svg" title="Golden Drachma" sizes="200px" priority />,
    );
    expect(eager).toContain('loading="eager"');
    expect(eager).toContain('fetchPriority="high"');
  });
});
