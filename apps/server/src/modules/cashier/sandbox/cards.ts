/** The sandbox's test cards, as a real PSP's test mode documents them. */
export const testCards = {
  '4242424242424242': 'success',
  '4000000000000002': 'decline',
  '4000000000003220': 'challenge',
  '4000000000009995': 'insufficient_funds',
} as const;

export type CardOutcome = (typeof testCards)[keyof typeof testCards] | 'unknown_card';

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export interface CardProblem {
  field: 'number' | 'expiry' | 'cvc' | 'name';
  message: { en: string; el: string };
}

/** Checks a card form as a hosted payment page would, before any authorisation. */
export function checkCard(
  form: { number?: string; expiry?: string; cvc?: string; name?: string },
  today = new Date(),
): { problems: CardProblem[]; outcome: CardOutcome } {
  const problems: CardProblem[] = [];
  const digits = (form.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    problems.push({
      field: 'number',
      message: { en: 'Enter a valid card number', el: 'Εισαγάγετε έγκυρο αριθμό κάρτας' },
    });
  }
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.expiry ?? '');
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  const expired =
    year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1);
  if (!expiry || month < 1 || month > 12 || expired) {
    problems.push({
      field: 'expiry',
      message: {
        en: 'Enter a future expiry date as MM/YY',
        el: 'Εισαγάγετε μελλοντική ημερομηνία λήξης ΜΜ/ΕΕ',
      },
    });
  }
  if (!/^\d{3,4}$/.test(form.cvc ?? '')) {
    problems.push({
      field: 'cvc',
      message: { en: 'Enter the 3 or 4 digits on the back', el: 'Εισαγάγετε τα 3 ή 4 ψηφία στο πίσω μέρος' },
    });
  }
  if ((form.name ?? '').trim().length < 2) {
    problems.push({
      field: 'name',
      message: { en: 'Enter the name on the card', el: 'Εισαγάγετε το όνομα της κάρτας' },
    });
  }
  const outcome: CardOutcome = testCards[digits as keyof typeof testCards] ?? 'unknown_card';
  return { problems, outcome };
}
