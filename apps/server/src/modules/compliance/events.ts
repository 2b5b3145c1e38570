/** A raise of a limit the player asked for: it waits out its cooling-off period before it applies. */
export interface LimitRaiseRequested {
  playerId: string;
  kind: string;
  period: string;
  /** Null for a session limit. */
  currency: string | null;
  /** The limit in force and the one asked for (minor units, or minutes for a session limit). */
  amount: number;
  requested: number;
}

/** An operator approved or rejected a document the player sent (issue 38: the page shows it live). */
export interface DocumentReviewed {
  playerId: string;
  documentId: string;
  status: 'approved' | 'rejected';
}

declare module '../../platform/events.ts' {
  interface DomainEvents {
    'compliance.limit_raise_requested': LimitRaiseRequested;
    'compliance.document_reviewed': DocumentReviewed;
  }
}
