import { emailRequestBody, type UpdatePlayerBody, updatePlayerBody } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { email, localeFromPath, minimumAgeFor, required } from '@chrysos/rules';
import { data, type RouterContextProvider } from 'react-router';
import { appContext } from '#app-context';
import { catalogues } from '../../i18n/catalogues.server';
import { translationKeyOf } from '../../lib/api-errors';
import type { AppContext } from '../../lib/app-context';
import { formOf, refusedStatus } from '../../lib/form-action.server';
import { createTranslator, type Translate } from '../../lib/i18n';
import { pageUrl } from '../../lib/request-url';
import { onlyProblems } from '../../ui/fields';
import type { EmailRequestKind, EmailRequestResult } from './EmailRequestForm';
import { newPasswordProblems, type PasswordAccount, type PasswordResult } from './password-form';
import { describeRule, problemsFrom, withUnshownInBase } from './problems';
import {
  flagFields,
  type ProfileDetails,
  type ProfileResult,
  profileValuesFrom,
  profileValuesOf,
  textFields,
} from './profile-values';

/*
 * The loaders and actions of /profile/general, its security tab and the "email me a link" pages (issue 35): the forms are filled on
 * the server and submitted to their route, which checks the fields with the contract's schema of
 * PATCH /player and calls it in-process as the player of the session cookie (decision 9). The answers
 * are in the page's language. A cross-site POST never gets here: the session plugin refuses it.
 */

const passwordFields = ['current_password', 'password', 'password_confirmation'] as const;

/** The signed-in player as the API reads them now; null for a visitor or when they cannot be read. */
async function currentPlayer(app: AppContext) {
  if (!app.player) return null;
  const answer = await app.api(endpoints.player.player, {}).catch(() => null);
  return answer?.ok ? answer.body : null;
}

/** The /profile/general form as the player last saved it, with the birth-date rule of this licence. */
export async function loadProfile(app: AppContext): Promise<{
  profile: ProfileDetails | null;
  minimumAge: number;
}> {
  const player = await currentPlayer(app);
  return {
    profile: player
      ? { id: player.id, email: player.email, confirmed: player.confirmed, values: profileValuesOf(player) }
      : null,
    minimumAge: minimumAgeFor(app.license),
  };
}

/** The security tab's view of the player. */
export async function loadPasswordAccount(app: AppContext): Promise<PasswordAccount | null> {
  const player = await currentPlayer(app);
  return player ? { email: player.email, passwordSet: player.password_set } : null;
}

/** The app context and the translations of the page a form was posted to (`/el/…` is Greek). */
function formContext(request: Request, context: Readonly<RouterContextProvider>) {
  const locale = localeFromPath(pageUrl(request).pathname);
  return { app: context.get(appContext), t: createTranslator(catalogues[locale]) };
}

/** One problem the contract's schema found. */
type SchemaIssue = Extract<
  ReturnType<typeof updatePlayerBody.safeParse | typeof emailRequestBody.safeParse>,
  { success: false }
>['error']['issues'][number];

/**
 * A schema issue as the form shows it, with the API validator's codes: a missing or empty value is
 * required, lengths say their limit, a rule of @chrysos/rules (oneLine's `characters`) says its own.
 */
function describeIssue(t: Translate, issue: SchemaIssue): string {
  const say = (code: string, params?: Record<string, string | number>) => t(translationKeyOf(code), params);
  switch (issue.code) {
    case 'invalid_type':
      return say('validation.required');
    case 'too_small':
      return Number(issue.minimum) <= 1
        ? say('validation.required')
        : say('validation.min', { min: Number(issue.minimum) });
    case 'too_big':
      return say('validation.max', { max: Number(issue.maximum) });
    case 'custom': {
      const code = (issue.params as { code?: unknown } | undefined)?.code;
      return say(typeof code === 'string' ? code : 'validation.invalid', issue.params as never);
    }
    default:
      return say('validation.invalid');
  }
}

type Checked = { body: UpdatePlayerBody } | { problems: Record<string, string> };

/** The body of PATCH /player by the contract's schema, or each field's first problem. */
function checked(t: Translate, body: UpdatePlayerBody, shown: readonly string[]): Checked {
  const result = updatePlayerBody.safeParse(body, { reportInput: true });
  if (result.success) return { body };
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.at(-1);
    problems[typeof field === 'string' ? field : 'base'] ??= describeIssue(t, issue);
  }
  return { problems: withUnshownInBase(problems, shown) };
}

/** PATCH /player in-process as the player of the request; null when no answer came. */
async function update(app: AppContext, body: UpdatePlayerBody) {
  return app.api(endpoints.player.update, { body }).catch(() => null);
}

/** The /profile/general action: saves the details and the offers wanted (context `profile`). */
export async function saveProfile(request: Request, context: Readonly<RouterContextProvider>) {
  const { app, t } = formContext(request, context);
  const values = profileValuesFrom(await formOf(request));
  const shown = [...textFields, ...flagFields];
  const sent = checked(
    t,
    {
      context: 'profile',
      player: {
        ...Object.fromEntries(textFields.map((name) => [name, values.text[name] || null])),
        ...values.flags,
      },
    },
    shown,
  );
  const answer = 'body' in sent ? await update(app, sent.body) : undefined;
  if (answer?.ok) return { saved: true, values } satisfies ProfileResult;
  const problems =
    'problems' in sent ? sent.problems : withUnshownInBase(problemsFrom(t, answer ?? null), shown);
  return data({ saved: false, values, problems } satisfies ProfileResult, { status: refusedStatus(answer) });
}

/**
 * The security tab's action: a new password, typed twice, for the current one (context
 * `change_password`). The player's other sessions end on the server; this one stays.
 */
export async function changePassword(request: Request, context: Readonly<RouterContextProvider>) {
  const { app, t } = formContext(request, context);
  const form = await formOf(request);
  const entry = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const player = Object.fromEntries(passwordFields.map((name) => [name, entry(name)])) as Record<
    (typeof passwordFields)[number],
    string
  >;
  // The rules the form always showed before sending: the current password, the new one typed twice.
  const rules = newPasswordProblems(player.password, player.password_confirmation);
  const found = onlyProblems({
    current_password: describeRule(t, required(player.current_password)),
    password: describeRule(t, rules.password),
    password_confirmation: describeRule(t, rules.password_confirmation),
  });
  const sent: Checked =
    Object.keys(found).length > 0
      ? { problems: found }
      : checked(t, { context: 'change_password', player }, passwordFields);
  const answer = 'body' in sent ? await update(app, sent.body) : undefined;
  if (answer?.ok) return { changed: true } satisfies PasswordResult;
  const problems =
    'problems' in sent ? sent.problems : withUnshownInBase(problemsFrom(t, answer ?? null), passwordFields);
  return data({ changed: false, problems } satisfies PasswordResult, { status: refusedStatus(answer) });
}

const emailRequestEndpoints = {
  password: endpoints.auth.requestPasswordReset,
  confirmation: endpoints.auth.resendConfirmation,
  unlock: endpoints.auth.resendUnlock,
} as const;

/**
 * The action of /users/password/new, /users/confirmation/new and /users/unlock/new: emails the link
 * asked for, in-process from the visitor's address (its rate limits count them as before). The answer
 * is the same whether or not the address has an account.
 */
export async function requestEmail(
  kind: EmailRequestKind,
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const { app, t } = formContext(request, context);
  const entry = (await formOf(request)).get('email');
  const address = typeof entry === 'string' ? entry.trim() : '';
  const refused = (problems: Record<string, string>, status: number) =>
    data({ email: address, problems } satisfies EmailRequestResult, { status });
  const rule = describeRule(t, required(address) ?? email(address));
  if (rule) return refused({ email: rule }, 422);
  const body = { user: { email: address } };
  const parsed = emailRequestBody.safeParse(body, { reportInput: true });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return refused({ email: issue ? describeIssue(t, issue) : t('validation.invalid') }, 422);
  }
  const answer = await app.api(emailRequestEndpoints[kind], { body }).catch(() => null);
  if (answer?.ok) return { sentTo: address } satisfies EmailRequestResult;
  return refused(withUnshownInBase(problemsFrom(t, answer), ['email']), refusedStatus(answer));
}
