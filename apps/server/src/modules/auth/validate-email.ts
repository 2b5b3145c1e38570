import { resolveMx } from 'node:dns/promises';
import { authApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { email } from '@chrysos/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const cacheLifetimeMs = 10 * 60 * 1000;
const lookupTimeoutMs = 2000;
/** DNS answers that prove the domain cannot receive mail; any other failure leaves the address valid. */
const noMailCodes = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/** The resolver in use; tests put a fake one in its place. */
export const emailDns = { resolveMx };

/** A domain that always has mail servers: if even it does not resolve, DNS is down, not the address. */
const canaryDomain = 'gmail.com';

/** Whether a domain can receive mail: it has MX records; a broken resolver proves nothing. */
async function domainReceivesMail(domain: string): Promise<boolean> {
  const verdict = await mxVerdict(domain);
  if (verdict !== 'no mail') return true;
  return (await mxVerdict(canaryDomain)) !== 'mail';
}

async function mxVerdict(domain: string): Promise<'mail' | 'no mail' | 'unknown'> {
  try {
    const records = await Promise.race([
      emailDns.resolveMx(domain),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('timeout')), lookupTimeoutMs).unref(),
      ),
    ]);
    // A "null MX" (RFC 7505) says the domain accepts no mail.
    return records.length === 1 && records[0]?.exchange === '' ? 'no mail' : 'mail';
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code && noMailCodes.has(code) ? 'no mail' : 'unknown';
  }
}

/**
 * Core API POST /v2/validate-email (spec §7): the registration form's optional live check. It catches
 * typos in the domain that the syntax rule cannot, such as gmail.con. Answers are cached per domain.
 */
export const validateEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const domains = new Map<string, { valid: boolean; until: number }>();

  app.route({
    ...routeOf(authApi.validateEmail),
    handler: async (request) => {
      const address = request.body.email.trim();
      if (email(address) !== null) return { valid: false };
      const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
      const cached = domains.get(domain);
      if (cached && cached.until > Date.now()) return { valid: cached.valid };
      const valid = await domainReceivesMail(domain);
      if (domains.size > 10_000) domains.clear();
      domains.set(domain, { valid, until: Date.now() + cacheLifetimeMs });
      return { valid };
    },
  });
};
