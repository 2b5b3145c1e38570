import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { declaredEvents, eventsTable, handlerFiles } from './events-table.ts';

const repository = fileURLToPath(new URL('..', import.meta.url));

describe('the events table', () => {
  it('docs/events.md is what the modules declare and handle (npm run docs:events writes it)', () => {
    expect(readFileSync(new URL('../docs/events.md', import.meta.url), 'utf8')).toBe(eventsTable(repository));
  });

  it('has one handler a file, each with its own id, following only declared events', () => {
    const declared = declaredEvents(repository);
    const handlers = handlerFiles(repository);
    expect(handlers.length).toBeGreaterThan(0);
    const files = handlers.map((handler) => handler.file);
    expect(new Set(files).size).toBe(files.length);
    const names = handlers.map((handler) => handler.name);
    expect(new Set(names).size).toBe(names.length);
    for (const handler of handlers) {
      expect(handler.name).toMatch(new RegExp(`^${handler.file.split('/')[4]}\\.`));
      for (const event of handler.follows)
        expect(declared.has(event), `${handler.name}: ${event}`).toBe(true);
    }
  });
});
