import type { DocumentRejectionCode, PushMessage } from '@chrysos/contract';
import { type Locale, localizePath } from '@chrysos/rules';
import type { PlayerDocument } from './upload-document.ts';

/* The push a player gets when an operator decides on a document they sent, in their language. */

/** "your …": in Greek the possessive follows, and a word stressed on its third-last syllable takes a second accent. */
const kindWords: Record<string, { en: string; el: string }> = {
  identity: { en: 'identity document', el: 'έγγραφο ταυτότητάς σας' },
  address: { en: 'proof of address', el: 'αποδεικτικό διεύθυνσής σας' },
  payment_method: { en: 'payment method document', el: 'έγγραφο μεθόδου πληρωμής σας' },
};

/**
 * The reason in a few words, for a notification's one line; the verification page has the whole
 * sentence (the web app's catalogues). A row from before the codes has its text only: `other`.
 */
const reasonWords: Record<DocumentRejectionCode, { en: string; el: string }> = {
  blurred: { en: 'it is blurred', el: 'είναι θολό' },
  expired: { en: 'the document has expired', el: 'το έγγραφο έχει λήξει' },
  cropped: { en: 'part of it is cut off', el: 'λείπει μέρος του' },
  name_mismatch: {
    en: 'the name on it is not the one on your account',
    el: 'το όνομα δεν είναι αυτό του λογαριασμού σας',
  },
  address_too_old: { en: 'it is older than three months', el: 'είναι παλαιότερο των τριών μηνών' },
  wrong_document: { en: 'it is not the document we asked for', el: 'δεν είναι το έγγραφο που ζητήσαμε' },
  unreadable_file: { en: 'we could not open the file', el: 'δεν μπορέσαμε να ανοίξουμε το αρχείο' },
  other: { en: 'see the note on your Verification page', el: 'δείτε τη σημείωση στη σελίδα Επαλήθευση' },
};

export function documentReviewedPush(
  language: Locale,
  document: Pick<PlayerDocument, 'id' | 'kind' | 'status' | 'rejectionCode' | 'rejectionReason'>,
): PushMessage {
  const what = (kindWords[document.kind] ?? { en: 'document', el: 'έγγραφό σας' })[language];
  const approved = document.status === 'approved';
  const code = (document.rejectionCode ?? 'other') as DocumentRejectionCode;
  // The operator's note is shown as typed, in whatever language they wrote it.
  const words = (reasonWords[code] ?? reasonWords.other)[language];
  const note = document.rejectionReason;
  const reason = note ? (code === 'other' ? note : `${words} (${note})`) : words;
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
