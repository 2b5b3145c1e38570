import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerFiles } from '../../../../scripts/events-table.ts';
import { buildTestApp } from '../testing/build-test-app.ts';

const repository = fileURLToPath(new URL('../../../..', import.meta.url));

describe('the handlers the app runs', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp('pglite');
  });
  afterAll(() => app.closeAll());

  it('are the handler files docs/events.md lists, each following the events its file names', () => {
    const files = handlerFiles(repository);
    const byName = (list: { name: string; follows: readonly string[] }[]) =>
      Object.fromEntries(list.map(({ name, follows }) => [name, [...follows].sort()]));
    expect(byName(app.events.registered())).toEqual(byName(files));
  });
});
