import { describe, expect, it } from 'vitest';
import { appendPage, autoLoadedPages, firstPage, mayAutoLoad } from './pagination';

const game = (identifier: string) => ({ identifier });
const page = (ids: string[], pageNumber: number, total: number, next: number | null) => ({
  games: ids.map(game),
  pagination: { page: pageNumber, total, next_page: next },
});

describe('the lobby list', () => {
  it('starts from the first page', () => {
    expect(firstPage(page(['a', 'b'], 1, 5, 2))).toEqual({
      games: [game('a'), game('b')],
      nextPage: 2,
      total: 5,
    });
  });

  it('appends later pages and stops when there is no next one', () => {
    let list = firstPage(page(['a', 'b'], 1, 5, 2));
    list = appendPage(list, page(['c', 'd'], 2, 5, 3));
    list = appendPage(list, page(['e'], 3, 5, null));
    expect(list.games.map((g) => g.identifier)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(list.nextPage).toBeNull();
    expect(list.total).toBe(5);
  });

  it('shows a game that moved between pages once, where it first appeared', () => {
    const list = appendPage(firstPage(page(['a', 'b'], 1, 4, 2)), page(['b', 'c'], 2, 4, 3));
    expect(list.games.map((g) => g.identifier)).toEqual(['a', 'b', 'c']);
    expect(list.nextPage).toBe(3);
  });

  it('stops asking when a page brings nothing new, so it cannot loop', () => {
    const list = appendPage(firstPage(page(['a', 'b'], 1, 6, 2)), page(['a', 'b'], 2, 6, 3));
    expect(list.nextPage).toBeNull();
  });

  it('never counts fewer games than it shows', () => {
    const list = appendPage(firstPage(page(['a', 'b'], 1, 3, 2)), page(['c', 'd'], 2, 2, null));
    expect(list.total).toBe(4);
  });

  it('loads by itself a few pages, then lets the button ask', () => {
    const list = firstPage(page(['a'], 1, 10, 2));
    const idle = { loading: false, failed: false, autoLoads: 0 };
    expect(mayAutoLoad(list, idle)).toBe(true);
    expect(mayAutoLoad(list, { ...idle, loading: true })).toBe(false);
    expect(mayAutoLoad(list, { ...idle, failed: true })).toBe(false);
    expect(mayAutoLoad(list, { ...idle, autoLoads: autoLoadedPages })).toBe(false);
    expect(mayAutoLoad({ ...list, nextPage: null }, idle)).toBe(false);
  });
});
