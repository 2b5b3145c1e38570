import { licenceNames } from '@chrysos/rules';
import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const subcurrency = z.object({
  code: z.string().meta({ example: 'mBTC' }),
  symbol: z.string(),
  subunits_to_unit: z.number().int().positive(),
});
export type Subcurrency = z.infer<typeof subcurrency>;

export const currency = z
  .object({
    code: z.string().meta({ example: 'EUR' }),
    symbol: z.string().meta({ example: '€' }),
    subunits_to_unit: z
      .number()
      .int()
      .positive()
      .meta({ description: 'Minor units in one unit: 100 for EUR, 1 for JPY' }),
    default: z.boolean(),
    fiat: z.boolean(),
    subcurrencies: z.array(subcurrency),
  })
  .meta({ id: 'Currency' });
export type Currency = z.infer<typeof currency>;
export const currencies = z.array(currency);

export const country = z
  .object({
    name: z.string(),
    code: z.string().length(2),
    default_currency: z.string(),
  })
  .meta({ id: 'Country' });
export type Country = z.infer<typeof country>;
export const countries = z.array(country);

export const dialCode = z
  .object({
    code: z.string().length(2).meta({ description: 'ISO 3166-1 alpha-2 country code' }),
    name: z.string(),
    dial_code: z.string().meta({ example: '+30' }),
  })
  .meta({ id: 'DialCode' });
export type DialCode = z.infer<typeof dialCode>;
export const dialCodes = z.array(dialCode);

/** The licences the product runs under: the names of the licence table (@chrysos/rules licences). */
export const licenseName = z.enum(licenceNames);
export type LicenseName = z.infer<typeof licenseName>;

export const projectInfo = z.object({ license: licenseName }).meta({ id: 'ProjectInfo' });
export type ProjectInfo = z.infer<typeof projectInfo>;

export const ipInfo = z
  .object({
    ip: z.string(),
    country_code: z.string().length(2).nullable(),
    default_currency: z.string(),
  })
  .meta({ id: 'IpInfo' });
export type IpInfo = z.infer<typeof ipInfo>;

/** `?locale=el` gives country names in Greek. */
export const localeQuery = z.object({ locale: z.enum(['en', 'el']).default('en') });

/** Reference data every page needs (spec §7 Info). */
export const infoApi = {
  currencies: endpoint({
    method: 'GET',
    path: '/info/currencies',
    tags: ['info'],
    summary: 'Currencies the casino offers',
    responses: { 200: currencies },
  }),
  countries: endpoint({
    method: 'GET',
    path: '/info/countries',
    tags: ['info'],
    summary: 'Countries with the currency a new player from there starts in',
    query: localeQuery,
    responses: { 200: countries },
  }),
  dialCodes: endpoint({
    method: 'GET',
    path: '/info/dial_codes',
    tags: ['info'],
    summary: 'International dialling codes',
    query: localeQuery,
    responses: { 200: dialCodes },
  }),
  project: endpoint({
    method: 'GET',
    path: '/info/project',
    tags: ['info'],
    summary: 'Facts about this casino deployment',
    responses: { 200: projectInfo },
  }),
  currentIp: endpoint({
    method: 'GET',
    path: '/current_ip',
    tags: ['info'],
    summary: "The caller's address, country and suggested currency",
    responses: { 200: ipInfo },
  }),
};
