import { operatorToken } from '../configurations.ts';

/**
 * The product clock of a TEST_CLOCK product, through its operator routes. Other specs share the product
 * and have moved it on before, so a spec reads its time and moves relative to that; it only goes forward.
 */
export function productClock(baseUrl: string) {
  const headers = { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' };
  const clock = {
    /** The product's time now. */
    async now(): Promise<number> {
      const answer = await fetch(`${baseUrl}/api/test/clock`, { headers });
      if (!answer.ok)
        throw new Error(`the clock could not be read (${answer.status}): ${await answer.text()}`);
      return Date.parse(((await answer.json()) as { now: string }).now);
    },
    /** Moves the clock to `at` (later than its time now). */
    async moveTo(at: Date | number): Promise<void> {
      const answer = await fetch(`${baseUrl}/api/test/clock`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ now: new Date(at).toISOString() }),
      });
      if (!answer.ok) throw new Error(`the clock did not move (${answer.status}): ${await answer.text()}`);
    },
    /** Runs a scheduled job now, at the clock's time. */
    async runJob(name: string): Promise<void> {
      const answer = await fetch(`${baseUrl}/api/test/jobs/${name}`, { method: 'POST', headers });
      if (!answer.ok)
        throw new Error(`the job ${name} did not run (${answer.status}): ${await answer.text()}`);
    },
  };
  return clock;
}
