import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { breakpoints } from './tokens';

const appDirectory = fileURLToPath(new URL('..', import.meta.url));

/** Every stylesheet and component of the app, with its text. */
async function sources(): Promise<{ file: string; text: string }[]> {
  const entries = await readdir(appDirectory, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && /\.(css|tsx)$/.test(entry.name) && !entry.name.includes('.test.'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(file, 'utf8') })));
}

describe('breakpoints (spec §9)', () => {
  it('are the spec list', () => {
    expect(breakpoints).toEqual({
      xs: 320,
      '2xs': 425,
      '3xs': 480,
      sm: 575,
      md: 768,
      lg: 992,
      xl: 1280,
      xl2: 1400,
      '2xl': 1536,
      xl3: 1920,
      xl4: 2064,
    });
  });

  it('are the only widths media queries switch at: from a breakpoint up, or up to it', async () => {
    const widths = new Set<number>(Object.values(breakpoints));
    const strays: string[] = [];
    for (const { file, text } of await sources()) {
      for (const [query, bound, value] of text.matchAll(/\((min|max)-width:\s*(\d+)px\)/g)) {
        const width = Number(value);
        // `max-width: 767px` is below md (768); `max-width: 575px` is up to sm itself.
        const known = bound === 'min' ? widths.has(width) : widths.has(width) || widths.has(width + 1);
        if (!known) strays.push(`${path.relative(appDirectory, file)}: ${query}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('are the custom properties the stylesheet declares', async () => {
    const css = await readFile(path.join(appDirectory, 'styles/app.css'), 'utf8');
    const declared = Object.fromEntries(
      [...css.matchAll(/--bp-([\w-]+):\s*(\d+)px/g)].map(([, name, value]) => [name, Number(value)]),
    );
    expect(declared).toEqual(breakpoints);
  });
});
