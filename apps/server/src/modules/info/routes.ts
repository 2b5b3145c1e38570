import { countries, currencies, dialCodes, ipInfo, localeQuery, projectInfo } from '@chrysos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryOfClient } from './locate-ip.ts';

/** Reference data every page needs (spec §7 Info). */
export const infoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['info'];

  app.get(
    '/info/currencies',
    { schema: { tags, summary: 'Currencies the casino offers', response: { 200: currencies } } },
    async () => app.referenceData.currencies(),
  );

  app.get(
    '/info/countries',
    {
      schema: {
        tags,
        summary: 'Countries with the currency a new player from there starts in',
        querystring: localeQuery,
        response: { 200: countries },
      },
    },
    async (request) => app.referenceData.countries(request.query.locale),
  );

  app.get(
    '/info/dial_codes',
    {
      schema: {
        tags,
        summary: 'International dialling codes',
        querystring: localeQuery,
        response: { 200: dialCodes },
      },
    },
    async (request) => app.referenceData.dialCodes(request.query.locale),
  );

  app.get(
    '/info/project',
    { schema: { tags, summary: 'Facts about this casino deployment', response: { 200: projectInfo } } },
    async () => ({ license: app.config.LICENSE }),
  );

  app.get(
    '/current_ip',
    {
      schema: {
        tags,
        summary: "The caller's address, country and suggested currency",
        response: { 200: ipInfo },
      },
    },
    async (request) => {
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
  );
};
