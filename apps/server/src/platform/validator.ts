import { type ErrorCode, type ErrorParams, isErrorCode, ruleIssue } from '@chrysos/contract';
import { plainText } from '@chrysos/rules';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { AppError, type Problem } from './errors.ts';

const notAllowed = ruleIssue({ key: 'characters' });
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
    ctx.addIssue({ ...notAllowed, path: pathOf(entry) });
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

/** What a size bound counts: characters of a text, items of a list, or a number's value. */
const sizeOf = (origin: string) =>
  origin === 'string' ? 'text' : origin === 'array' || origin === 'set' ? 'list' : 'value';

/**
 * The error code of a zod issue. The contract's field rules carry theirs (`ruleIssue`); zod's own
 * checks are named by kind: a missing value is `required`, a length `min`/`max`, a list's size
 * `min_items`/`max_items`, a number `min_value`/`max_value`, a malformed email `email`, anything else
 * `invalid`.
 */
export function codeOfIssue(issue: z.core.$ZodIssue): { code: ErrorCode; params?: ErrorParams } {
  const absent = (issue as { input?: unknown }).input == null;
  switch (issue.code) {
    case 'custom': {
      const { code, ...params } = (issue.params ?? {}) as { code?: unknown } & ErrorParams;
      return isErrorCode(code) ? { code, params } : { code: 'validation.invalid' };
    }
    case 'invalid_type':
      return { code: absent ? 'validation.required' : 'validation.invalid' };
    case 'invalid_value':
      // An acceptance box (`z.literal(true)`) left unticked.
      return {
        code:
          issue.values.length === 1 && issue.values[0] === true
            ? 'validation.required'
            : 'validation.invalid',
      };
    case 'too_small': {
      const min = Number(issue.minimum);
      const size = sizeOf(issue.origin);
      if (!issue.inclusive) return { code: 'validation.invalid' };
      // Nothing given where something must be: `.min(1)` on a text or a list.
      if (min === 1 && size !== 'value') return { code: 'validation.required' };
      const code = {
        text: 'validation.min',
        list: 'validation.min_items',
        value: 'validation.min_value',
      } as const;
      return { code: code[size], params: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (!issue.inclusive) return { code: 'validation.invalid' };
      const code = {
        text: 'validation.max',
        list: 'validation.max_items',
        value: 'validation.max_value',
      } as const;
      return { code: code[sizeOf(issue.origin)], params: { max } };
    }
    case 'invalid_format':
      return { code: issue.format === 'email' ? 'validation.email' : 'validation.invalid' };
    default:
      return { code: 'validation.invalid' };
  }
}

/** The field an issue concerns: Devise-style bodies wrap fields in `user`, errors name the field itself. */
const fieldOf = (issue: z.core.$ZodIssue, part: string | undefined) => {
  const path = (issue.path[0] === 'user' ? issue.path.slice(1) : issue.path).map(String).join('.');
  return path || part || 'base';
};

/**
 * The app's validator: zod, with the control-character check above in front of every schema. A
 * failure is an AppError of 422 field problems with their codes (spec §7: {"email": [...]}).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const schema = withoutControlCharacters.pipe(route.schema);
  return (data) => {
    // The input is reported so a missing value (`required`) can be told from a wrong one (`invalid`).
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const problems = result.error.issues.map(
      (issue): Problem => ({ field: fieldOf(issue, route.httpPart), ...codeOfIssue(issue) }),
    ) as [Problem, ...Problem[]];
    return { error: AppError.all(problems) };
  };
};

/**
 * The 422 field problems of a part of a request the domain checks after the route's schema (a bonus
 * campaign's terms, by the engine's own schema), each named by its path under that part
 * (`terms.match.max.EUR`) with the validator's codes. Parse with `reportInput: true`, so a missing value
 * (`required`) is told from a wrong one (`invalid`).
 */
export function invalidFields(issues: readonly z.core.$ZodIssue[], under: string): AppError {
  const problems = issues.map(
    (issue): Problem => ({ field: [under, ...issue.path.map(String)].join('.'), ...codeOfIssue(issue) }),
  ) as [Problem, ...Problem[]];
  return AppError.all(problems);
}
