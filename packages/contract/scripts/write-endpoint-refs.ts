import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { endpointRefsSource } from '../src/endpoint-refs-source.ts';

const target = fileURLToPath(new URL('../src/endpoint-refs.ts', import.meta.url));
await writeFile(target, endpointRefsSource());
execFileSync('npx', ['biome', 'format', '--write', target], { stdio: 'inherit' });
