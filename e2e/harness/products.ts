import { inject } from 'vitest';
import { type Configuration, type ConfigurationName, configurations } from '../configurations.ts';
import type { ReceivedMail } from './mailbox.ts';

export { operatorToken } from '../configurations.ts';

/** A running product the spec files of this run share (global-setup.ts keeps it). */
export interface SharedProduct {
  url: string;
  /** The first email to `to` whose subject is `subject` (received before or after the call). */
  mail: (to: string, subject: string | RegExp) => Promise<ReceivedMail>;
  /**
   * Gives the product back, for a configuration lent one spec at a time (the spec's afterAll); the
   * next spec waiting gets it. Nothing for the others.
   */
  giveBack: () => Promise<void>;
}

async function registry(path: string, init?: RequestInit): Promise<unknown> {
  const answer = await fetch(`${inject('productRegistry')}${path}`, init);
  const body = await answer.json();
  if (!answer.ok) throw new Error(`product registry ${path}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * The run's product of a configuration (configurations.ts), started on first use. Specs make their own
 * players on it and never stop it. A configuration lent one spec at a time is answered once the spec
 * before has given it back.
 */
export async function sharedProduct(name: ConfigurationName): Promise<SharedProduct> {
  const { url } = (await registry(`/products/${name}`, { method: 'POST' })) as { url: string };
  return {
    url,
    mail: async (to, subject) => {
      const query = new URLSearchParams(
        typeof subject === 'string' ? { to, subject } : { to, pattern: subject.source },
      );
      return (await registry(`/products/${name}/mail?${query}`)) as ReceivedMail;
    },
    giveBack: async () => {
      const configuration: Configuration = configurations[name];
      if (configuration.oneSpecAtATime) await registry(`/products/${name}/return`, { method: 'POST' });
    },
  };
}
