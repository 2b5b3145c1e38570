import type { AuthProvider, CaptchaChallenge, PlayerSettings } from '@chrysos/contract';
import {
  type AnswerOf,
  type EndpointOf,
  type EndpointRef,
  endpoints,
  type RequestOf,
} from '@chrysos/contract/client';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';

/*
 * What the account forms need from the player API beyond a plain call: the player settings and the
 * social providers, fetched once, and requests that solve a captcha when the server asks for one.
 * Apart from api.ts, which every page needs, so only the forms load it.
 */

/** One value fetched once per page session; a failure is not kept, so the next caller tries again. */
function once<T>(load: () => Promise<T | null>): { get(): Promise<T | null>; forget(): void } {
  let pending: Promise<T | null> | null = null;
  return {
    get() {
      pending ??= load()
        .catch(() => null)
        .then((value) => {
          if (value === null) pending = null;
          return value;
        });
      return pending;
    },
    forget() {
      pending = null;
    },
  };
}

const settings = once(async () => {
  const answer = await api(endpoints.player.settings, {});
  return answer.ok ? answer.body : null;
});

/** GET /player/settings: where captcha challenges come from and whether emails are checked while typed. */
export const playerSettings = (): Promise<PlayerSettings | null> => settings.get();

const providers = once(async () => {
  const answer = await api(endpoints.auth.authProviders, {});
  return answer.ok ? answer.body : null;
});

/** GET /info/auth_providers: the social sign-ins this casino offers (none when the list cannot be read). */
export const authProviders = async (): Promise<AuthProvider[]> => (await providers.get()) ?? [];

/** Forgets the values fetched once; for tests. */
export function forgetApiCaches(): void {
  settings.forget();
  providers.forget();
}

/** A value fetched once per page session, as React state: null until it arrives (or when it fails). */
function useFetchedOnce<T>(load: () => Promise<T | null>): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    load().then((loaded) => {
      if (live) setValue(loaded);
    });
    return () => {
      live = false;
    };
  }, [load]);
  return value;
}

export const usePlayerSettings = () => useFetchedOnce(playerSettings);
export const useAuthProviders = () => useFetchedOnce(authProviders);

/**
 * Fetches a proof-of-work challenge, finds the number whose hash with the salt is the challenge, and
 * returns the payload the server verifies: base64 of {algorithm, challenge, number, salt, signature}.
 * Null when the challenge cannot be fetched or has no solution.
 */
export async function solveCaptcha(challengeUrl: string): Promise<string | null> {
  const response = await fetch(challengeUrl, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) return null;
  const { algorithm, challenge, salt, signature, maxnumber } = (await response.json()) as CaptchaChallenge;
  if (!algorithm || !challenge || !salt || !signature) return null;
  // The solver is fetched only when a captcha is asked for: most visitors never meet one.
  const { solveChallenge } = await import('altcha-lib/v1');
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  if (!solution) return null;
  return btoa(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature }));
}

/**
 * Sends an account form (spec §5/§8). When the answer asks for a captcha (`auth.captcha_required`), solves one
 * from the challenge URL of the player settings and repeats the same request once with `user.captcha`;
 * whatever that second answer is, it is the result. `onSolving` lets the form say it is busy checking.
 */
export async function sendWithCaptcha<R extends EndpointRef>(
  target: R,
  request: RequestOf<EndpointOf<R>>,
  onSolving?: () => void,
): Promise<AnswerOf<EndpointOf<R>>> {
  // One signature for every endpoint: the client's own generic types do not flow through another.
  const send = api as unknown as (target: R, request: object) => Promise<AnswerOf<EndpointOf<R>>>;
  const first = await send(target, request);
  if (first.ok || !first.body.codes?.captcha?.includes('auth.captcha_required')) return first;
  const challengeUrl = (await playerSettings())?.captcha.challenge_url;
  if (!challengeUrl) return first;
  onSolving?.();
  const captcha = await solveCaptcha(challengeUrl).catch(() => null);
  if (!captcha) return first;
  const body = (request.body ?? {}) as { user?: object };
  return send(target, { ...request, body: { ...body, user: { ...body.user, captcha } } });
}
