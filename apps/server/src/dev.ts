import type { ViteDevServer } from 'vite';
import { buildApp } from './app.ts';
import { parseConfig } from './modules/config.ts';

/** Entry for `npm run dev`: the Vite plugin loads this and routes requests through the app. */
export async function createServer(vite?: ViteDevServer) {
  return buildApp({ config: parseConfig(process.env), web: { devServer: vite } });
}
