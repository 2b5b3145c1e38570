import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../platform/passwords.ts';

/**
 * The demo's admin (DEMO_MODE only, as `npm start` runs): named in the README with its password and its
 * TOTP secret, so a newcomer opens the back office at once. Never in real operation, where the first
 * admin comes from `npm run operator:create`. Made once; left as it is once there.
 */
export const demoAdmin = {
  email: 'admin@demo.chrysos.casino',
  password: 'Chrysos-Demo-Admin-2026',
  /** Base32, for an authenticator app (or `oathtool --totp -b`). */
  totpSecret: 'CHRYSOSDEMOADMINTOTPSECRET234567',
} as const;

export async function ensureDemoAdmin(db: Db, now: Date): Promise<void> {
  // Hashing costs tens of milliseconds of every demo start: only when the admin is not there yet.
  const [there] = await db
    .select({ id: schema.operators.id })
    .from(schema.operators)
    .where(eq(schema.operators.email, demoAdmin.email));
  if (there) return;
  await db
    .insert(schema.operators)
    .values({
      email: demoAdmin.email,
      name: 'Demo admin',
      role: 'admin',
      passwordHash: await hashPassword(demoAdmin.password),
      totpSecret: demoAdmin.totpSecret,
      createdAt: now,
    })
    .onConflictDoNothing({ target: schema.operators.email });
}
