import { describe, expect, it } from 'vitest';
import {
  defaultFilter,
  filterBody,
  hasRefinements,
  isDefaultView,
  type LobbyFilter,
  lobbyPath,
  parseLobbyPath,
  toggleVolatility,
} from './lobby-filters';

const providers = ['aegean-reels', 'chrysos-originals'];
const parse = (splat: string, query = '') => parseLobbyPath(splat, new URLSearchParams(query), providers);
const filter = (changes: Partial<LobbyFilter>): LobbyFilter => ({ ...defaultFilter, ...changes });

describe('lobby addresses', () => {
  it('reads a category, and a provider after it', () => {
    expect(parse('all')).toEqual({ kind: 'filter', filter: defaultFilter });
    expect(parse('slots/aegean-reels/')).toEqual({
      kind: 'filter',
      filter: filter({ category: 'slots', provider: 'aegean-reels' }),
    });
  });

  it('reads volatility, sort and search from the query, ignoring values it does not know', () => {
    const parsed = parse('roulette', 'volatility=high,nope,low&volatility=low&sort=name&search=%20zeus%20');
    expect(parsed).toEqual({
      kind: 'filter',
      filter: filter({ category: 'roulette', volatility: ['low', 'high'], sort: 'name', search: 'zeus' }),
    });
    expect(parse('all', 'sort=cheapest')).toEqual({ kind: 'filter', filter: defaultFilter });
  });

  it('caps the search at 100 characters, as the API does', () => {
    const parsed = parse('all', `search=${'a'.repeat(150)}`);
    expect(parsed.kind === 'filter' && parsed.filter.search.length).toBe(100);
  });

  it('sends a provider given without a category to its whole catalogue', () => {
    expect(parse('aegean-reels', 'sort=new')).toEqual({
      kind: 'redirect',
      to: '/games/all/aegean-reels?sort=new',
    });
  });

  it('knows nothing of other categories, providers or deeper paths', () => {
    expect(parse('')).toEqual({ kind: 'notFound' });
    expect(parse('poker')).toEqual({ kind: 'notFound' });
    expect(parse('slots/unknown-studio')).toEqual({ kind: 'notFound' });
    expect(parse('slots/aegean-reels/extra')).toEqual({ kind: 'notFound' });
    expect(parse('aegean-reels/slots')).toEqual({ kind: 'notFound' });
  });

  it('writes each filter at one address, defaults left out, and reads it back the same', () => {
    expect(lobbyPath(defaultFilter)).toBe('/games/all');
    const narrowed = filter({
      category: 'slots',
      provider: 'aegean-reels',
      volatility: ['high', 'low'],
      sort: 'new',
      search: 'golden owl',
    });
    const path = lobbyPath(narrowed);
    expect(path).toBe('/games/slots/aegean-reels?volatility=low,high&sort=new&search=golden+owl');
    const [pathname = '', query] = path.split('?');
    expect(parse(pathname.replace('/games/', ''), query)).toEqual({
      kind: 'filter',
      filter: { ...narrowed, volatility: ['low', 'high'] },
    });
  });

  it('switches one volatility level on and off, keeping the order', () => {
    const high = toggleVolatility(defaultFilter, 'high');
    expect(high.volatility).toEqual(['high']);
    expect(toggleVolatility(high, 'low').volatility).toEqual(['low', 'high']);
    expect(toggleVolatility(high, 'high').volatility).toEqual([]);
  });

  it('tells the default view from a narrowed one', () => {
    expect(isDefaultView(defaultFilter)).toBe(true);
    expect(hasRefinements(defaultFilter)).toBe(false);
    expect(isDefaultView(filter({ sort: 'new' }))).toBe(false);
    expect(isDefaultView(filter({ category: 'slots' }))).toBe(false);
    expect(hasRefinements(filter({ category: 'slots' }))).toBe(false);
    expect(hasRefinements(filter({ search: 'zeus' }))).toBe(true);
  });
});

describe('the API filter of a lobby view', () => {
  it('asks for everything in the default view', () => {
    expect(filterBody(defaultFilter, 1, 24)).toEqual({ sort: 'popularity', page: 1, page_size: 24 });
  });

  it('turns the favourites category into the favourites filter and the others into a category', () => {
    expect(filterBody(filter({ category: 'favorites' }), 2, 24)).toEqual({
      sort: 'popularity',
      page: 2,
      page_size: 24,
      favorites: true,
    });
    expect(
      filterBody(
        filter({ category: 'dice', provider: 'chrysos-originals', volatility: ['low'], search: 'x' }),
        1,
        12,
      ),
    ).toEqual({
      sort: 'popularity',
      page: 1,
      page_size: 12,
      categories: ['dice'],
      providers: ['chrysos-originals'],
      volatility: ['low'],
      search: 'x',
    });
  });
});
