import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Picture } from './Picture';

describe('Picture', () => {
  it('offers AVIF (where smaller) and WebP at several widths with the original format as fallback, lazily by default', () => {
    const html = renderToStaticMarkup(
      <Picture
        src="/images/hero.png"
        alt="Golden coins"
        width={640}
        height={360}
        sizes="(min-width: 768px) 50vw, 100vw"
        avif
      />,
    );
    expect(html).toContain('<source type="image/avif" srcSet="/_ipx/f_avif,w_320,q_75/images/hero.png 320w');
    expect(html).toContain('/_ipx/f_webp,w_1280,q_75/images/hero.png 1280w');
    expect(html).not.toContain('w_1600');
    expect(html).toContain('src="/_ipx/f_png,w_640,q_75/images/hero.png"');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('fetchPriority');
  });

  it('loads the priority image eagerly with high fetch priority', () => {
    const html = renderToStaticMarkup(
      <Picture src="/images/hero.jpg" alt="" width={320} height={200} priority />,
    );
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('f_jpg');
  });

  it('sends vector art as it is', () => {
    const html = renderToStaticMarkup(
      <Picture src="/images/promotions/a.svg" alt="Offer" width={1200} height={400} />,
    );
    expect(html).toBe(
      '<img src="/images/promotions/a.svg" alt="Offer" width="1200" height="400" loading="lazy" decoding="async"/>',
    );
  });
});
