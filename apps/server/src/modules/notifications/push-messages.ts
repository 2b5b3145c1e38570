import type { PushMessage } from '@chrysos/contract';
import { type Locale, localizePath } from '@chrysos/rules';

/*
 * The words of each push, in the player's language (spec §1: English and Greek). Amounts arrive
 * formatted in the player's money format.
 */

const transactions = '/profile/wallet/transactions';

export function depositSucceededPush(language: Locale, amount: string, paymentId: string): PushMessage {
  return {
    title: language === 'el' ? 'Η κατάθεση πιστώθηκε' : 'Deposit received',
    body:
      language === 'el'
        ? `Τα ${amount} προστέθηκαν στο υπόλοιπό σας. Καλή διασκέδαση!`
        : `${amount} has been added to your balance. Enjoy your games!`,
    url: localizePath(transactions, language),
    tag: `payment-${paymentId}`.slice(0, 64),
    kind: 'transactional',
  };
}

export function withdrawalPaidPush(language: Locale, amount: string, paymentId: string): PushMessage {
  return {
    title: language === 'el' ? 'Η ανάληψη στάλθηκε' : 'Withdrawal paid',
    body:
      language === 'el'
        ? `Στείλαμε τα ${amount} στη μέθοδο πληρωμής σας.`
        : `We have sent ${amount} to your payment method.`,
    url: localizePath(transactions, language),
    tag: `payment-${paymentId}`.slice(0, 64),
    kind: 'transactional',
  };
}

/** A new content notification: its preview, opening its modal when it names one, else the list page. */
export function contentNotificationPush(
  language: Locale,
  notification: { slug: string; modal?: string | undefined; preview: { title: string; text: string } },
): PushMessage {
  const url = notification.modal
    ? `${localizePath('/notifications', language)}#${notification.modal}`
    : `${localizePath('/notifications', language)}?item=${encodeURIComponent(notification.slug)}`;
  return {
    title: notification.preview.title.slice(0, 120),
    body: notification.preview.text.slice(0, 400),
    url,
    tag: `content-${notification.slug}`.slice(0, 64),
    kind: 'promotional',
  };
}
