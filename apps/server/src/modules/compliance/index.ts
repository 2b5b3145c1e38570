import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { operatorScope } from '../../platform/operator-api.ts';
import { recordAudit } from './audit-log.ts';
import { auditLogOperatorRoutes } from './audit-log-routes.ts';
import { verifiedColumn } from './check-verification.ts';
import { exclusionOperatorRoutes, exclusionRoutes } from './exclusions-routes.ts';
import { publishDocument } from './handlers/publish-document.ts';
import { kycCondition } from './kyc-state.ts';
import { limitOperatorRoutes, limitRoutes } from './limits-routes.ts';
import { privacyPolicyRoutes } from './privacy-policy-routes.ts';
import { holdsPlay } from './read-exclusions.ts';
import { realityCheckMinutes } from './reality-check.ts';
import { realityCheckRoutes } from './reality-check-routes.ts';
import type { ExclusionHook } from './take-exclusion.ts';
import { verificationOperatorRoutes, verificationRoutes } from './verification-routes.ts';
// The events this module publishes (declared by declaration merging into platform/events.ts).
import './events.ts';

/**
 * Player safety and compliance (issue 17): limits, time-outs and self-exclusions, identity
 * verification and the audit trail. Each part registers its routes here, one line each.
 */
async function compliancePlugin(app: FastifyInstance): Promise<void> {
  const whenExcluded: ExclusionHook[] = [];
  app.decorate('compliance', {
    whenExcluded: (hook: ExclusionHook) => void whenExcluded.push(hook),
    unlifted: holdsPlay,
    verifiedColumn,
    kycCondition,
  });
  // Every module's operator actions go on the trail, which is compliance's.
  app.keepOperatorActionsIn((tx, entry) =>
    recordAudit(tx, {
      actor: entry.actor,
      action: entry.action,
      playerId: entry.playerId ?? null,
      details: entry.details ?? {},
      ip: entry.ip,
      at: app.clock.now(),
    }).then(() => undefined),
  );
  const exclusions = {
    licence: app.config.LICENSE,
    whenExcluded,
    endPlayerSessions: app.endPlayerSessions,
  };
  await app.register(apiScope(exclusionRoutes(exclusions)));
  await app.register(operatorScope(exclusionOperatorRoutes(exclusions)));
  await app.register(apiScope(verificationRoutes));
  await app.register(operatorScope(verificationOperatorRoutes));
  app.events.register(app, [publishDocument]);
  await app.register(operatorScope(auditLogOperatorRoutes));
  await app.register(apiScope(limitRoutes(app.config.LICENSE)));
  await app.register(
    operatorScope(
      limitOperatorRoutes(realityCheckMinutes(app.config.LICENSE, app.config.REALITY_CHECK_MINUTES)),
    ),
  );
  await app.register(apiScope(realityCheckRoutes));
  await app.register(apiScope(privacyPolicyRoutes));
}

export default fp(compliancePlugin, {
  name: 'compliance',
  dependencies: [
    'config',
    'database',
    'api-conventions',
    'jobs',
    'events',
    'cashier',
    'content',
    'clock',
    'session',
    'operator-actions',
    'realtime',
  ],
});
