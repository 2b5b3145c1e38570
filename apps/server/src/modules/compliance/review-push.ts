import type { PushMessage } from '@chrysos/contract';
import { type Locale, localizePath } from '@chrysos/rules';
import type { PlayerDocument } from './upload-document.ts';

/* The push a player gets when an operator decides on a document they sent, in their language. */

/** "your …": in Greek the possessive follows, and a word stressed on its third-last syllable takes a second accent. */
const kindWords: Record<string, { en: string; el: string }> = {
  identity: { en: 'identity document', el: 'έγγραφο ταυτότητάς σας' },
  address: { en: 'proof of address', el: 'αποδεικτικό διεύθυνσής σας' },
  payment_method: { en: 'payment method document', el: 'έγγραφο μεθόδου πληρωμής σας' },
};

export function documentReviewedPush(
  language: Locale,
  document: Pick<PlayerDocument, 'id' | 'kind' | 'status' | 'rejectionReason'>,
): PushMessage {
  const what = (kindWords[document.kind] ?? { en: 'document', el: 'έγγραφό σας' })[language];
  const approved = document.status === 'approved';
  const reason = document.rejectionReason ?? '';
  const body = approved
    ? language === 'el'
      ? `Το ${what} εγκρίθηκε.`
      : `Your ${what} has been approved.`
    : language === 'el'
      ? `Δεν μπορέσαμε να δεχτούμε το ${what}: ${reason}. Ανεβάστε ένα νέο στην ενότητα Επαλήθευση.`
      : `We couldn't accept your ${what}: ${reason}. Please upload a new one under Verification.`;
  return {
    title: approved
      ? language === 'el'
        ? 'Το έγγραφο εγκρίθηκε'
        : 'Document approved'
      : language === 'el'
        ? 'Το έγγραφο δεν έγινε δεκτό'
        : 'Document not accepted',
    body: body.slice(0, 400),
    url: localizePath('/profile/general/verification', language),
    tag: `document-${document.id}`.slice(0, 64),
    kind: 'transactional',
  };
}
