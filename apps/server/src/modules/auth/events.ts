/** How a player proved who they are: a password, or the name of an OpenID Connect provider. */
export type SignInMethod = 'password' | `social:${string}`;

declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** A new player account, by sign-up form or first social sign-in (published with the player's row). */
    'auth.player_registered': {
      playerId: string;
      method: SignInMethod;
      currency: string;
      country: string | null;
      language: string;
      /** The landing page's referral tags (stag, btag, utm_*…), as stored with the player. */
      referralParams: Record<string, string>;
    };
    /** A sign-in that opened a session (a sign-up's own first session is not one). */
    'auth.signed_in': { playerId: string; method: SignInMethod };
  }
}
