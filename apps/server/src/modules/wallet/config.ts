import { z } from 'zod';
import type { ConfigSection } from '../../platform/config.ts';

/** The wallet module's settings: the studios of the seamless-wallet protocol and its limits. */
export const walletSettings = z.object({
  /**
   * Game studios allowed to call the seamless-wallet protocol, with the secret each signs its
   * requests with (HMAC-SHA256), as JSON: {"chrysos-studio":"<at least 32 characters>"}. The games
   * module adds the in-house studio when it is not listed (games/config.ts).
   */
  WALLET_STUDIOS: z
    .string()
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'expected JSON such as {"studio-id":"secret"}' });
        return z.NEVER;
      }
    })
    .pipe(
      z.record(z.string().regex(/^[a-z0-9-]{2,40}$/, 'studio ids are lowercase words'), z.string().min(32)),
    )
    .default({}),
  /** Largest single bet in whole currency units; a bigger one is refused with RS_ERROR_LIMIT_REACHED. */
  WALLET_MAX_BET: z.coerce.number().positive().default(10_000),
  // Groups of wallet bets and wins booked at once; calls arriving meanwhile wait and go in the next group.
  WALLET_BOOKING_GROUPS: z.coerce.number().int().min(1).max(50).default(1),
});

export type WalletConfig = z.output<typeof walletSettings>;

declare module '../../platform/config.ts' {
  interface Config extends WalletConfig {}
}

export const walletConfig: ConfigSection<typeof walletSettings> = {
  settings: walletSettings,
  secrets: ['WALLET_STUDIOS'],
};
