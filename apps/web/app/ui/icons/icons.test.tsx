import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon, iconNames, isIconName } from './icons';

describe('icon set', () => {
  it('has about a hundred named icons, each drawing something', () => {
    expect(iconNames.length).toBeGreaterThanOrEqual(100);
    for (const name of iconNames) {
      const svg = renderToStaticMarkup(<Icon name={name} />);
      expect(svg, name).toMatch(/^<svg[^>]*viewBox="0 0 24 24"[^>]*aria-hidden="true"/);
      expect(svg, name).toMatch(/<(path d="M|circle cx)/);
    }
  });

  it('names an icon for screen readers when given a title', () => {
    const svg = renderToStaticMarkup(<Icon name="bitcoin" title="Bitcoin" size={32} />);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('<title>Bitcoin</title>');
    expect(svg).toContain('width="32"');
    expect(svg).not.toContain('aria-hidden');
  });

  it('knows its names', () => {
    expect(isIconName('roulette')).toBe(true);
    expect(isIconName('toString')).toBe(false);
    expect(isIconName('unicorn')).toBe(false);
  });
});
