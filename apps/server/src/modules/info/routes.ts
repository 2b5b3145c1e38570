import { infoApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryOfClient } from './locate-ip.ts';

/** Reference data every page needs (spec §7 Info). */
export const infoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({ ...routeOf(infoApi.currencies), handler: async () => app.referenceData.currencies() });

  app.route({
    ...routeOf(infoApi.countries),
    handler: async (request) => app.referenceData.countries(request.query.locale),
  });

  app.route({
    ...routeOf(infoApi.dialCodes),
    handler: async (request) => app.referenceData.dialCodes(request.query.locale),
  });

  app.route({ ...routeOf(infoApi.project), handler: async () => ({ license: app.config.LICENSE }) });

  app.route({
    ...routeOf(infoApi.currentIp),
    handler: async (request) => {
      const header = app.config.GEOIP_COUNTRY_HEADER;
      const headerValue = header ? request.headers[header] : undefined;
      const countryCode = countryOfClient(
        request.ip,
        typeof headerValue === 'string' ? headerValue : undefined,
      );
      const country = countryCode ? await app.referenceData.country(countryCode) : undefined;
      return {
        ip: request.ip,
        country_code: countryCode,
        default_currency: country?.defaultCurrency ?? (await app.referenceData.defaultCurrency()),
      };
    },
  });
};
