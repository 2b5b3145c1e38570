/**
 * Where the words of a search appear in a title, ignoring case and accents as the games search does
 * ("ζαρια" finds "Ζάρια"), as [start, end) ranges of the title, merged and in order.
 */
export function matchRanges(title: string, query: string): [number, number][] {
  const words = fold(query).text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const { text, origin } = fold(title);
  const ranges: [number, number][] = [];
  for (const word of words) {
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + word.length)) {
      const start = origin[at] ?? 0;
      const last = origin[at + word.length - 1] ?? start;
      ranges.push([start, endOfCharacter(title, last)]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const previous = merged.at(-1);
    if (previous && range[0] <= previous[1]) previous[1] = Math.max(previous[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** Splits a title into plain and matching parts, for rendering with <mark>. */
export function highlightParts(title: string, query: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const [start, end] of matchRanges(title, query)) {
    if (start > at) parts.push({ text: title.slice(at, start), match: false });
    parts.push({ text: title.slice(start, end), match: true });
    at = end;
  }
  if (at < title.length) parts.push({ text: title.slice(at), match: false });
  return parts;
}

/** Lower case without accents, and for every folded character the index it came from in the original. */
function fold(value: string): { text: string; origin: number[] } {
  let text = '';
  const origin: number[] = [];
  let index = 0;
  for (const character of value) {
    const bare = character.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('el').replace(/ς/g, 'σ');
    for (const folded of bare) {
      text += folded;
      origin.push(index);
    }
    index += character.length;
  }
  return { text, origin };
}

/** The index just after the character starting at `index` (a surrogate pair counts as one). */
function endOfCharacter(value: string, index: number): number {
  const code = value.codePointAt(index) ?? 0;
  return index + (code > 0xffff ? 2 : 1);
}
