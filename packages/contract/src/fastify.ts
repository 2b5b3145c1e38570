import type { HTTPMethods } from 'fastify';
import type { AnyEndpoint } from './endpoint.ts';

/**
 * The Fastify route options of an endpoint descriptor: method, path, and the schema Fastify validates the
 * request against and serialises each answer with. Spread into `app.route({ ...routeOf(e), handler })`
 * under a zod type provider, the handler's request is typed from the descriptor and its reply from the
 * schema of the status it sends. `config.apiVersions` are the versions the route answers (spec §7);
 * `config.ability`, an operator route's ability (platform/operator-api.ts enforces it).
 */
export function routeOf<E extends AnyEndpoint, Config extends object = object>(
  target: E,
  config?: Config,
): {
  method: E['method'] & HTTPMethods;
  url: E['path'];
  schema: {
    params: E['params'];
    querystring: E['query'];
    body: E['body'];
    response: E['responses'];
    tags: string[];
    summary: string;
    description?: string;
  };
  config: Config & { apiVersions: readonly number[]; ability?: E['ability'] };
} {
  const schema: Record<string, unknown> = {
    response: target.responses,
    tags: [...target.tags],
    summary: target.summary,
  };
  if (target.description) schema.description = target.description;
  // Fastify compiles a validator for each part present, so an absent part is left out.
  if (target.params) schema.params = target.params;
  if (target.query) schema.querystring = target.query;
  if (target.body) schema.body = target.body;
  return {
    method: target.method,
    url: target.path,
    schema: schema as ReturnType<typeof routeOf<E>>['schema'],
    config: {
      ...(config as Config),
      apiVersions: target.versions,
      ...(target.ability ? { ability: target.ability } : {}),
    },
  };
}
