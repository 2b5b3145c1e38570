/** What other modules may use of cashier: the only file they import from it. */
import type { Cashier } from './cashier.ts';
import type { PaymentFacts } from './payment-facts.ts';
import type { SandboxPsp } from './sandbox/sandbox-psp.ts';

// The services this module decorates the app with, as the modules that list it among their dependencies see them.
declare module 'fastify' {
  interface FastifyInstance {
    cashier: Cashier;
    sandboxPsp: SandboxPsp;
    /** What other modules may read of the payments (deposits counted and summed, methods). */
    paymentFacts: PaymentFacts;
  }
}
