import { existsSync, readFileSync } from 'node:fs';
import { locales } from '@chrysos/rules';
import { describe, expect, it } from 'vitest';
import { titles } from '../src/titles.ts';
import { drawnSymbols, drawThumbnail, layoutTitle, thumbnailFile } from './draw-thumbnails.ts';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Checks the tags nest and close, the way an XML parser would; returns the first problem, if any. */
function nestingProblem(svg: string): string | undefined {
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([A-Za-z][\w-]*)[^>]*?(\/?)>/g)) {
    if (!name) return 'a tag without a name';
    if (closing) {
      const last = open.pop();
      if (last !== name) return `</${name}> closes <${last}>`;
    } else if (!selfClosing) open.push(name);
  }
  return open.length ? `<${open.join('>, <')}> left open` : undefined;
}

const read = (id: string, locale: (typeof locales)[number] = 'en') =>
  readFileSync(thumbnailFile(id, locale), 'utf8');

describe('game thumbnails', () => {
  it('draws every symbol the catalogue uses (none falls back to the plain medallion)', () => {
    for (const title of titles) expect(drawnSymbols, title.id).toContain(title.theme.symbol);
  });

  it.each(titles.flatMap((title) => locales.map((locale) => [title.id, locale, title] as const)))(
    '%s has a standalone SVG thumbnail in %s',
    (id, locale, title) => {
      expect(existsSync(thumbnailFile(id, locale)), `run node apps/games/scripts/draw-thumbnails.ts`).toBe(
        true,
      );
      const svg = read(id, locale);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(svg).toContain('viewBox="0 0 640 480"');
      expect(svg).toContain('width="640" height="480"');
      expect(svg).toContain(`<title>${escapeXml(title.title[locale])}</title>`);
      for (const line of layoutTitle(title.title[locale]).lines)
        expect(svg).toContain(`>${escapeXml(line)}</text>`);
      expect(nestingProblem(svg)).toBeUndefined();
      // Nothing for the optimiser's renderer to fetch or to refuse.
      expect(svg).not.toMatch(/<image|<foreignObject|<style|<script|@import|@font-face|url\((?!#)/i);
      expect(svg.match(/https?:\/\/[^"]*/g)).toEqual(['http://www.w3.org/2000/svg']);
      // Every reference resolves to a definition in the file.
      const ids = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
      for (const [, ref] of svg.matchAll(/(?:url\(#|href="#)([^)"]+)/g)) expect(ids, ref).toContain(ref);
      expect(Buffer.byteLength(svg)).toBeLessThan(20 * 1024);
    },
  );

  it('keeps the committed files in step with the generator and the catalogue', () => {
    for (const locale of locales)
      for (const title of titles)
        expect(read(title.id, locale), `${title.id} (${locale})`).toBe(drawThumbnail(title, locale));
  });

  it('gives each title artwork of its own', () => {
    const drawings = titles.map((title) => drawThumbnail(title));
    expect(new Set(drawings).size).toBe(titles.length);
  });

  it('letters long titles on two lines rather than shrinking them out of sight', () => {
    expect(layoutTitle('Astragali')).toMatchObject({ lines: ['ASTRAGALI'], size: 64 });
    const long = layoutTitle('Olympus VIP Blackjack');
    expect(long.lines).toEqual(['OLYMPUS', 'VIP BLACKJACK']);
    expect(long.size).toBeGreaterThanOrEqual(40);
  });

  it('letters Greek titles in capitals without accents, as Greek is written in capitals', () => {
    expect(layoutTitle('Η Βροντή του Δία').lines).toEqual(['Η ΒΡΟΝΤΗ ΤΟΥ ΔΙΑ']);
    expect(layoutTitle('Ο Λαβύρινθος του Μινώταυρου').lines).toEqual(['Ο ΛΑΒΥΡΙΝΘΟΣ', 'ΤΟΥ ΜΙΝΩΤΑΥΡΟΥ']);
  });
});
