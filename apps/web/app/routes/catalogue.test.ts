import { describe, expect, it } from 'vitest';
import { catalogues, publishedCatalogue } from '../i18n/catalogues.server';
import { loader } from './catalogue';

const get = (file: string) => loader({ params: { file } } as Parameters<typeof loader>[0]);

describe('GET /i18n/<locale>.<version>.json', () => {
  it("answers the locale's messages, kept for a year at the current version's address", async () => {
    const { href, version } = publishedCatalogue('el');
    expect(href).toBe(`/i18n/el.${version}.json`);
    const response = get(`el.${version}.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.json()).toEqual(catalogues.el);
  });

  it('answers the same messages as the script a page loads, filed under the JSON address', async () => {
    const { version } = publishedCatalogue('en');
    const response = get(`en.${version}.js`);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const filed: { chrysosMessages?: Record<string, unknown> } = {};
    new Function('self', await response.text())(filed);
    expect(filed.chrysosMessages).toEqual({ [`/i18n/en.${version}.json`]: catalogues.en });
  });

  it('gives a page rendered before a deployment the messages of now, for a minute', async () => {
    const response = get('en.0123456789ab.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await response.json()).toEqual(catalogues.en);
  });

  it('versions each locale apart', () => {
    expect(publishedCatalogue('en').version).not.toBe(publishedCatalogue('el').version);
  });

  it.each(['fr.0123456789ab.json', 'en.json', 'en.0123456789ab.mjs', 'EN.0123456789ab.json', '..%2Fx'])(
    'answers %s with 404',
    (file) => {
      expect(get(file).status).toBe(404);
    },
  );
});
