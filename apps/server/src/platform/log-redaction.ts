import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets: emailed one-time tokens, OAuth codes and states. */
const secretParam = /([?&](?:[\w-]*token[\w-]*|code|state|captcha)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretParam, '$1[redacted]');
}

/**
 * Request log lines without secrets: the URL's token parameters are masked and no header is logged,
 * so neither a session cookie nor a link that signs someone in ends up in log storage.
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
    };
  },
};
