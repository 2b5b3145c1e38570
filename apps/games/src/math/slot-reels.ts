/** Stops of each symbol on each reel: `{ cherry: [3, 4, 3] }` is 3 cherries on reel 1, 4 on reel 2… */
export type ReelCounts<S extends string> = Readonly<Partial<Record<S, readonly number[]>>>;

/**
 * The reel strips holding the given number of stops of each symbol, every symbol spread evenly round
 * its reel: stop i (0-based) of a symbol with c stops on a strip of length L belongs at (i + ½)·L/c, and
 * the strip lists all stops in the order of those places (ties in the order the symbols are listed).
 * Deterministic, so the strips are part of the published maths as much as the counts are.
 */
export function spreadStrips<S extends string>(counts: ReelCounts<S>, reels: number): S[][] {
  const entries = Object.entries(counts) as [S, readonly number[]][];
  return Array.from({ length: reels }, (_, reel) => {
    const places: { symbol: S; place: number; order: number }[] = [];
    const length = entries.reduce((sum, [, perReel]) => sum + (perReel[reel] ?? 0), 0);
    entries.forEach(([symbol, perReel], order) => {
      const count = perReel[reel] ?? 0;
      for (let i = 0; i < count; i++) places.push({ symbol, place: ((i + 0.5) * length) / count, order });
    });
    places.sort((a, b) => a.place - b.place || a.order - b.order);
    return places.map((entry) => entry.symbol);
  });
}

/**
 * The fewest stops from one `symbol` to the next round the strip (the strip is a loop); Infinity with
 * fewer than two. A window of `rows` stops shows at most one when this is at least `rows`.
 */
export function minimumSpacing(strip: readonly string[], symbol: string): number {
  const at = strip.flatMap((entry, index) => (entry === symbol ? [index] : []));
  if (at.length < 2) return Number.POSITIVE_INFINITY;
  let smallest = Number.POSITIVE_INFINITY;
  at.forEach((index, i) => {
    const next = at[(i + 1) % at.length] as number;
    smallest = Math.min(smallest, (next - index + strip.length) % strip.length);
  });
  return smallest;
}

/** The symbols a reel shows: `rows` consecutive stops from `stop`, wrapping round the strip. */
export function windowAt<S>(strip: readonly S[], stop: number, rows: number): S[] {
  const window: S[] = [];
  for (let row = 0; row < rows; row++) window.push(strip[(stop + row) % strip.length] as S);
  return window;
}
