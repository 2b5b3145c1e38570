import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReferenceData } from './reference-data.ts';

declare module 'fastify' {
  interface FastifyInstance {
    referenceData: ReferenceData;
  }
}

async function referenceDataPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('referenceData', new ReferenceData(app.database.db));
}

export default fp(referenceDataPlugin, { name: 'reference-data', dependencies: ['database'] });
