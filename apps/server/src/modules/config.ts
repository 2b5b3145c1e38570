import type { z } from 'zod';
import {
  type Config,
  ConfigError,
  type ConfigSection,
  composeConfig,
  type PlatformConfig,
} from '../platform/config.ts';
import { errorReportingConfig } from '../platform/error-reporting/config.ts';
import { metricsConfig } from '../platform/metrics/config.ts';
import { affiliatesConfig } from './affiliates/config.ts';
import { analyticsConfig } from './analytics/config.ts';
import { authConfig } from './auth/config.ts';
import { cashierConfig } from './cashier/config.ts';
import { complianceConfig } from './compliance/config.ts';
import { contentConfig } from './content/config.ts';
import { gamesConfig } from './games/config.ts';
import { jackpotConfig } from './jackpot/config.ts';
import { mailConfig } from './mail/config.ts';
import { notificationsConfig } from './notifications/config.ts';
import { operatorConfig } from './operators/config.ts';
import { realtimeConfig } from './realtime/config.ts';
import { referralConfig } from './referral/config.ts';
import { riskConfig } from './risk/config.ts';
import { walletConfig } from './wallet/config.ts';

export { type Config, ConfigError } from '../platform/config.ts';

/**
 * The modules' configuration sections, composed after the platform's (and its metrics and error
 * reporting sections, which keep files of their own), in the order of modules/index.ts (referral,
 * which has no plugin, beside auth). Rules across sections run in this order too: games completes
 * WALLET_STUDIOS (wallet's) with the in-house studio.
 */
const sections = [
  metricsConfig,
  errorReportingConfig,
  contentConfig,
  mailConfig,
  operatorConfig,
  authConfig,
  referralConfig,
  walletConfig,
  cashierConfig,
  complianceConfig,
  realtimeConfig,
  gamesConfig,
  notificationsConfig,
  jackpotConfig,
  analyticsConfig,
  affiliatesConfig,
  riskConfig,
] as const;

/** Reads and checks every setting from the environment; a bad value throws a ConfigError naming it. */
export const parseConfig = composeConfig(sections);

/**
 * The configuration of a command or the server's start: a bad value is said in one line on standard
 * error and the process exits 1, before anything is opened.
 */
export function configOrExit(env: NodeJS.ProcessEnv): Config {
  try {
    return parseConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

// Each module's config.ts adds its variables to `Config` by declaration merging; one left out of the
// list above would be typed but never read. This names it at compile time.
type Composed<Section> = Section extends ConfigSection<infer Settings> ? keyof z.output<Settings> : never;
type NotComposed = Exclude<keyof Config, keyof PlatformConfig | Composed<(typeof sections)[number]>>;
const everySectionComposed: [NotComposed] extends [never] ? true : NotComposed = true;
void everySectionComposed;
