import { messageFor, plainText } from '@chrysos/rules';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

const notAllowed = messageFor({ key: 'characters' });
/** More would only lengthen the answer; the caller has enough to correct. */
const maximumIssues = 20;

/**
 * Every string a request carries (in its body, query, path parameters or headers, keys included) is
 * free of control characters other than line breaks and tabs, whatever its schema says: PostgreSQL
 * cannot store NUL, and no field anyone types has a use for the others. One-line fields refuse line
 * breaks too (`oneLine` in @chrysos/contract). Walked without recursion, so no nesting depth can
 * overflow the stack.
 */
const withoutControlCharacters = z.unknown().superRefine((data, ctx) => {
  // Each entry links to its parent, so a path is spelled out only for a string that fails.
  type Entry = { value: unknown; key?: PropertyKey; parent?: Entry };
  const pathOf = (entry: Entry | undefined): PropertyKey[] => {
    const path: PropertyKey[] = [];
    for (let at = entry; at?.key !== undefined; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const pending: Entry[] = [{ value: data }];
  let found = 0;
  const refuse = (entry: Entry | undefined) => {
    ctx.addIssue({ code: 'custom', path: pathOf(entry), message: notAllowed });
    found++;
  };
  while (pending.length > 0 && found < maximumIssues) {
    const entry = pending.pop() as Entry;
    const { value } = entry;
    if (typeof value === 'string') {
      if (plainText(value, { multiline: true })) refuse(entry);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => void pending.push({ value: item, key: index, parent: entry }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (plainText(key, { multiline: true })) refuse(entry);
        pending.push({ value: item, key, parent: entry });
      }
    }
  }
});

/**
 * The zod validator of fastify-type-provider-zod, with the control-character check above in front of
 * every schema; its failures are 422 field errors like any other.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: withoutControlCharacters.pipe(route.schema) });
