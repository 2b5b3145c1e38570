import { describe, expect, it } from 'vitest';
import { documentReviewedPush } from './review-push.ts';

const rejected = (rejectionCode: string | null, rejectionReason: string | null) => ({
  id: '6f1f2a4e-0000-4000-8000-000000000001',
  kind: 'identity',
  status: 'rejected',
  rejectionCode,
  rejectionReason,
});

describe("the push of a document's review", () => {
  it("names the reason code in the player's language, with the operator's note", () => {
    expect(documentReviewedPush('el', rejected('blurred', null)).body).toBe(
      'Δεν μπορέσαμε να δεχτούμε το έγγραφο ταυτότητάς σας: είναι θολό. Ανεβάστε ένα νέο στην ενότητα Επαλήθευση.',
    );
    expect(documentReviewedPush('en', rejected('expired', 'Valid until 2025')).body).toBe(
      "We couldn't accept your identity document: the document has expired (Valid until 2025). Please upload a new one under Verification.",
    );
  });

  it("gives the note alone for 'other', and a rejection from before the codes its text", () => {
    expect(documentReviewedPush('en', rejected('other', 'The bill is in another name')).body).toBe(
      "We couldn't accept your identity document: The bill is in another name. Please upload a new one under Verification.",
    );
    expect(documentReviewedPush('el', rejected(null, 'Too dark')).body).toBe(
      'Δεν μπορέσαμε να δεχτούμε το έγγραφο ταυτότητάς σας: Too dark. Ανεβάστε ένα νέο στην ενότητα Επαλήθευση.',
    );
  });
});
