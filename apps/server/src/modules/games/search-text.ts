/**
 * Text folded for search and sorting: lowercase, accents removed (NFD, combining marks dropped), Greek
 * final sigma as σ, anything but letters and digits as one space. `Χρυσή Δραχμή!` → `χρυση δραχμη`, so
 * a player typing without accents or capitals still finds the game.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replaceAll('ς', 'σ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a search, folded like the stored text; each must occur somewhere in it. */
export function searchWords(search: string | undefined): string[] {
  if (!search) return [];
  return [...new Set(foldText(search).split(' ').filter(Boolean))].slice(0, 10);
}
