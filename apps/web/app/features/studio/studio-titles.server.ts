import { titleById, titles } from '@chrysos/games/titles';

/** A studio title's name in a language, for a page's head; null for a title the studio does not have. */
export function studioTitleName(id: string, lang: 'en' | 'el'): string | null {
  return titleById(id)?.title[lang] ?? null;
}

/** A studio title as the public verifier offers it. */
export interface StudioTitleChoice {
  id: string;
  name: string;
  engine: string;
}

/** Every studio title as the public verifier lists them, by name in the page's language. */
export function studioTitleChoices(lang: 'en' | 'el'): StudioTitleChoice[] {
  return titles
    .map((title) => ({ id: title.id, name: title.title[lang], engine: title.engine }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
}
