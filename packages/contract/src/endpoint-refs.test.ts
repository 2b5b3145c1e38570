import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoint-refs.ts';
import { endpointGroups } from './endpoint-refs-source.ts';

describe('endpoint references', () => {
  it('name every descriptor the contract exports, with its method, base, path and version', () => {
    const described = Object.fromEntries(
      endpointGroups().map(([group, list]) => [
        group.slice(0, -'Api'.length),
        Object.fromEntries(
          list.map(([name, target]) => [
            name,
            { method: target.method, base: target.base, path: target.path, version: target.version },
          ]),
        ),
      ]),
    );
    // Run `npm run refs -w @chrysos/contract` after adding or changing a descriptor.
    expect(endpoints).toEqual(described);
  });
});
