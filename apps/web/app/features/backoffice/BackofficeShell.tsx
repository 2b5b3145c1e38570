import type { OperatorAbility, OperatorIdentity } from '@chrysos/contract';
import type { ReactNode } from 'react';
import { Form, NavLink } from 'react-router';
import { operatorCan } from './operator-ability';

/** The console's sections, each offered to the roles whose rules allow what it needs. */
const sections: { to: string; label: string; needs: OperatorAbility }[] = [
  { to: '/backoffice/players', label: 'Players', needs: ['read', 'PlayerAccount'] },
  { to: '/backoffice/withdrawals', label: 'Withdrawals', needs: ['read', 'Withdrawal'] },
  { to: '/backoffice/payments', label: 'Payments', needs: ['read', 'Payment'] },
  { to: '/backoffice/adjustments', label: 'Adjustments', needs: ['read', 'BalanceAdjustment'] },
  { to: '/backoffice/documents', label: 'Documents', needs: ['read', 'Document'] },
  { to: '/backoffice/cases', label: 'Cases', needs: ['read', 'RiskCase'] },
  { to: '/backoffice/audit', label: 'Audit log', needs: ['read', 'AuditLog'] },
];

/** The sections this operator may open, in the console's order. */
export function sectionsFor(operator: OperatorIdentity) {
  const can = operatorCan(operator.rules);
  return sections.filter((section) => can(...section.needs));
}

/** The back office around each of its pages: who is signed in, the sections of their role, sign-out. */
export function BackofficeShell({ operator, children }: { operator: OperatorIdentity; children: ReactNode }) {
  return (
    <div className="backoffice">
      <header className="backoffice__bar">
        <span className="backoffice__brand">Chrysos back office</span>
        <nav aria-label="Back office" className="backoffice__nav">
          {sectionsFor(operator).map((section) => (
            <NavLink key={section.to} to={section.to} className="backoffice__section">
              {section.label}
            </NavLink>
          ))}
        </nav>
        <span className="backoffice__who">
          {operator.name} · <span className="backoffice__role">{operator.role}</span>
        </span>
        <Form method="post" action="/backoffice/sign-out">
          <button type="submit" className="button button--ghost">
            Sign out
          </button>
        </Form>
      </header>
      <main className="backoffice__main">{children}</main>
    </div>
  );
}
