import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon, iconNames, isIconName } from './icons';

const contentRoot = fileURLToPath(new URL('../../../../../content', import.meta.url));

/** Every icon the content names (`icon: name` in YAML and front matter, `"icon": "name"` in JSON-like YAML). */
async function contentIcons(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const file of await readdir(contentRoot, { recursive: true })) {
    if (!/\.(ya?ml|md)$/.test(file)) continue;
    const text = await readFile(path.join(contentRoot, file), 'utf8');
    for (const [, name] of text.matchAll(/^[\s-]*"?icon"?:\s*"?([^"\s,]+)"?,?\s*$/gm)) {
      if (name) names.add(name);
    }
  }
  return names;
}

describe('icon set', () => {
  it('draws every icon the content names: one it lacked would leave a gap where the player looks', async () => {
    const named = await contentIcons();
    // The home page's game families and the footer's payment logos are among them.
    expect([...named]).toEqual(expect.arrayContaining(['roulette', 'blackjack', 'visa', 'mastercard']));
    for (const name of named) {
      expect(isIconName(name), `content names the icon "${name}"`).toBe(true);
      if (isIconName(name))
        expect(renderToStaticMarkup(<Icon name={name} />), name).toMatch(/<(path d="M|circle cx)/);
    }
  });

  it('draws something for each of its names', () => {
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
