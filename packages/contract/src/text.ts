import { plainText } from '@chrysos/rules';
import { z } from 'zod';
import { ruleIssue } from './errors.ts';

const { message, params } = ruleIssue({ key: 'characters' });

/** A one-line text field (a name, an email, a code): no control characters and no line breaks. */
export const oneLine = z.refine<string>((value) => plainText(value) === null, { message, params });

/** A text of several lines (a message): line breaks and tabs, no other control characters. */
export const multiLine = z.refine<string>((value) => plainText(value, { multiline: true }) === null, {
  message,
  params,
});
