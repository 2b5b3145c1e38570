import type { AnyEndpoint } from './endpoint.ts';
import * as contract from './index.ts';

const isEndpoint = (value: unknown): value is AnyEndpoint =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AnyEndpoint).method === 'string' &&
  typeof (value as AnyEndpoint).path === 'string' &&
  typeof (value as AnyEndpoint).responses === 'object';

/** Every group of endpoint descriptors the contract exports (`supportApi` …), by the group's name. */
export function endpointGroups(): [string, [string, AnyEndpoint][]][] {
  return Object.entries(contract)
    .filter(([name, value]) => name.endsWith('Api') && typeof value === 'object' && value !== null)
    .map(([name, value]): [string, [string, AnyEndpoint][]] => [
      name,
      Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, AnyEndpoint] =>
        isEndpoint(entry[1]),
      ),
    ])
    .filter(([, endpoints]) => endpoints.length > 0)
    .sort(([a], [b]) => a.localeCompare(b));
}

/** The text of src/endpoint-refs.ts: one reference per descriptor, with no schema in it. */
export function endpointRefsSource(): string {
  const lines = [
    '// Written by `npm run refs -w @chrysos/contract` from the endpoint descriptors; do not edit.',
    '// The references browsers call through: method, base, path and version, with the endpoint as a type',
    '// only, so no zod schema reaches a page (docs/decisions/0017). A stale line fails the typecheck.',
    "import { ref } from './endpoint.ts';",
    "import type * as contract from './index.ts';",
    '',
    'export const endpoints = {',
  ];
  for (const [group, endpoints] of endpointGroups()) {
    lines.push(`  ${group.slice(0, -'Api'.length)}: {`);
    for (const [name, target] of endpoints) {
      const args = [target.method, target.base, target.path].map((text) => `'${text}'`);
      lines.push(
        `    ${name}: ref<typeof contract.${group}.${name}>(${args.join(', ')}, ${target.version}),`,
      );
    }
    lines.push('  },');
  }
  lines.push('} as const;', '');
  return lines.join('\n');
}
