import type { TestProject } from 'vitest/node';
import { startProduct } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One running product shared by the browser specs. */
export default async function setup(project: TestProject) {
  const product = await startProduct();
  project.provide('baseUrl', product.url);
  return async () => {
    await product.stop();
  };
}
