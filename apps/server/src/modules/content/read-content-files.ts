import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ContentCollection, contentCollections, contentSchemas } from '@chrysos/contract';
import { type LicenceRules, type Locale, licenceCopy, licences, locales } from '@chrysos/rules';
import { parse as parseYaml } from 'yaml';
import { renderMarkdown } from './render-markdown.ts';

export interface ContentFileItem {
  collection: ContentCollection;
  locale: Locale;
  stem: string;
  data: Record<string, unknown>;
  bodyHtml: string | null;
  checksum: string;
}

/** Every problem found in the content files, reported together so an editor can fix them in one go. */
export class ContentError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Content files are invalid:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ContentError';
    this.problems = problems;
  }
}

const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

function parseFile(file: string, text: string): Record<string, unknown> {
  if (file.endsWith('.md')) {
    const match = frontMatter.exec(text);
    if (!match) throw new Error('a Markdown file must start with YAML front matter between --- lines');
    const fields = parseYaml(match[1] ?? '') ?? {};
    if (typeof fields !== 'object' || Array.isArray(fields))
      throw new Error('front matter must be a mapping');
    return { ...fields, body: (match[2] ?? '').trim() };
  }
  const data = parseYaml(text);
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new Error('the file must hold a YAML mapping');
  return data as Record<string, unknown>;
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && /\.(ya?ml|md)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The text of a content file with the licence's copy in place of `{{minimumAge}}` and `{{regulator}}`. */
function withLicenceCopy(text: string, licence: LicenceRules, locale: Locale): string {
  const copy = licenceCopy(licence, locale);
  return text.replaceAll('{{minimumAge}}', copy.minimumAge).replaceAll('{{regulator}}', copy.regulator);
}

/**
 * Reads and validates `content/{locale}/{collection}/**.{yaml,yml,md}`. The stem is the path inside the
 * collection folder without its extension. The age and regulator the text names are the configured
 * licence's (issue 31 item 19). Throws a ContentError naming every invalid file.
 */
export async function readContentFiles(
  root: string,
  licence: LicenceRules = licences.curacao,
): Promise<ContentFileItem[]> {
  const items: ContentFileItem[] = [];
  const problems: string[] = [];

  for (const locale of locales) {
    const localeDirectory = path.join(root, locale);
    const folders = await readdir(localeDirectory, { withFileTypes: true }).catch(() => []);
    for (const folder of folders.filter((entry) => entry.isDirectory())) {
      if (!(contentCollections as string[]).includes(folder.name)) {
        problems.push(
          `${locale}/${folder.name}: unknown collection (known: ${contentCollections.join(', ')})`,
        );
        continue;
      }
      const collection = folder.name as ContentCollection;
      const collectionDirectory = path.join(localeDirectory, collection);
      for (const file of await listFiles(collectionDirectory)) {
        const relative = path.relative(root, file);
        const stem = path.relative(collectionDirectory, file).replace(/\.(ya?ml|md)$/, '');
        try {
          const text = withLicenceCopy(await readFile(file, 'utf8'), licence, locale);
          const parsed = contentSchemas[collection].safeParse(parseFile(file, text));
          if (!parsed.success) {
            for (const issue of parsed.error.issues) {
              problems.push(`${relative}: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
            }
            continue;
          }
          const data = parsed.data as Record<string, unknown>;
          items.push({
            collection,
            locale,
            stem,
            data,
            bodyHtml: typeof data.body === 'string' ? renderMarkdown(data.body) : null,
            checksum: createHash('sha256').update(text).digest('hex'),
          });
        } catch (error) {
          problems.push(`${relative}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
  }

  // Pages are found by slug, so a slug may appear only once per collection and locale.
  const seen = new Map<string, string>();
  for (const item of items) {
    if (typeof item.data.slug !== 'string') continue;
    const key = `${item.locale}/${item.collection}/${item.data.slug}`;
    const earlier = seen.get(key);
    if (earlier)
      problems.push(
        `${item.locale}/${item.collection}/${item.stem}: slug "${item.data.slug}" is already used by ${earlier}`,
      );
    else seen.set(key, item.stem);
  }

  if (problems.length > 0) throw new ContentError(problems);
  return items;
}
