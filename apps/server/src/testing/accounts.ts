import { schema } from '@chrysos/db';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { buildTestApp } from './build-test-app.ts';
import { waitUntil } from './wait.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** Session cookie of a response, ready for the next request's Cookie header. */
export const cookieOf = (response: { cookies: { name: string; value: string }[] }) => {
  const session = response.cookies.find((cookie) => cookie.name === 'chrysos_session');
  return session ? `chrysos_session=${session.value}` : '';
};

/** The newest email of a kind written to an address; emails are written after the answer, so it waits. */
export async function latestEmail(app: TestApp, to: string, template: string) {
  return waitUntil(
    async () => {
      const [email] = await app.database.db
        .select()
        .from(schema.emails)
        .where(eq(schema.emails.to, to))
        .orderBy(desc(schema.emails.createdAt));
      expect(email?.template).toBe(template);
      return email as NonNullable<typeof email>;
    },
    { interval: 20 },
  );
}

/** The token of the link in an email's text, e.g. `reset_password_token`. */
export function tokenIn(text: string, param: string): string {
  const match = new RegExp(`[?&]${param}=([\\w-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${param} link in the email`);
  return match[1];
}

export const emailCount = async (app: TestApp) => (await app.database.db.select().from(schema.emails)).length;
