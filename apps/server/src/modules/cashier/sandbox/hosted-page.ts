import type { CardProblem } from './cards.ts';

export type Language = 'en' | 'el';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const text = {
  en: {
    title: 'Secure payment',
    sandbox: 'Sandbox — no real money moves',
    pay: 'Pay',
    cancel: 'Cancel and return',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code',
    name: 'Name on card',
    testCards: 'Test cards',
    success: 'succeeds',
    decline: 'is declined',
    challenge: 'asks for 3-D Secure',
    insufficient: 'has insufficient funds',
    challengeTitle: '3-D Secure verification',
    challengeText: 'Your bank asks you to confirm this payment.',
    approve: 'Confirm payment',
    fail: 'Fail authentication',
    missing: 'This payment does not exist or has expired.',
    merchant: 'Chrysos Casino',
  },
  el: {
    title: 'Ασφαλής πληρωμή',
    sandbox: 'Δοκιμαστικό περιβάλλον — δεν κινούνται πραγματικά χρήματα',
    pay: 'Πληρωμή',
    cancel: 'Ακύρωση και επιστροφή',
    number: 'Αριθμός κάρτας',
    expiry: 'Λήξη (ΜΜ/ΕΕ)',
    cvc: 'Κωδικός ασφαλείας',
    name: 'Όνομα κατόχου',
    testCards: 'Δοκιμαστικές κάρτες',
    success: 'εγκρίνεται',
    decline: 'απορρίπτεται',
    challenge: 'ζητά 3-D Secure',
    insufficient: 'δεν έχει υπόλοιπο',
    challengeTitle: 'Επαλήθευση 3-D Secure',
    challengeText: 'Η τράπεζά σας ζητά να επιβεβαιώσετε αυτή την πληρωμή.',
    approve: 'Επιβεβαίωση πληρωμής',
    fail: 'Αποτυχία επαλήθευσης',
    missing: 'Η πληρωμή δεν υπάρχει ή έχει λήξει.',
    merchant: 'Chrysos Casino',
  },
} as const;

/** Card payments are fiat: the ISO 4217 decimals of the currency (Intl knows them) give the minor unit. */
const formatAmount = (amount: number, currency: string, language: Language) => {
  const format = new Intl.NumberFormat(language === 'el' ? 'el-GR' : 'en-GB', {
    style: 'currency',
    currency,
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
};

const layout = (language: Language, title: string, body: string) => `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Sandbox PSP</title>
<style>
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:#eef1f6;font:16px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#1c2333}
main{width:min(420px,100% - 32px);background:#fff;border-radius:14px;box-shadow:0 10px 40px #1c233322;padding:28px;margin:24px 0}
.badge{display:inline-block;background:#fff4d6;color:#7a5800;border-radius:99px;padding:2px 10px;font-size:13px;margin-bottom:12px}
h1{font-size:20px;margin:0 0 4px}.amount{font-size:28px;font-weight:700;margin:8px 0 20px}
label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}input{width:100%;font:inherit;padding:10px 12px;border:1px solid #c5ccd8;border-radius:8px}
input[aria-invalid=true]{border-color:#c62828}.problem{color:#c62828;font-size:13px;margin-top:4px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{width:100%;font:inherit;font-weight:700;border:0;border-radius:8px;padding:12px;margin-top:20px;cursor:pointer;background:#2453d6;color:#fff}
button.secondary{background:transparent;color:#2453d6;margin-top:8px}button:focus-visible,input:focus-visible{outline:3px solid #2453d655;outline-offset:1px}
details{margin-top:20px;font-size:14px;color:#4a5468}code{font-size:13px}
</style></head><body><main>${body}</main></body></html>`;

export const hostedPage = {
  card(
    language: Language,
    operation: { id: string; amount: number; currency: string },
    state: { problems?: CardProblem[]; form?: Record<string, string> },
  ) {
    const t = text[language];
    const problem = (field: CardProblem['field']) =>
      state.problems?.find((p) => p.field === field)?.message[language];
    const input = (field: CardProblem['field'], label: string, attributes: string) => {
      const message = problem(field);
      const value = field === 'cvc' || field === 'number' ? '' : (state.form?.[field] ?? '');
      return `<label for="${field}">${label}</label><input id="${field}" name="${field}" ${attributes} value="${escapeHtml(value)}"${
        message ? ` aria-invalid="true" aria-describedby="${field}-problem"` : ''
      }>${message ? `<div class="problem" id="${field}-problem">${escapeHtml(message)}</div>` : ''}`;
    };
    return layout(
      language,
      t.title,
      `<span class="badge">${t.sandbox}</span><h1>${t.merchant}</h1>
<div class="amount">${escapeHtml(formatAmount(operation.amount, operation.currency, language))}</div>
<form method="post" action="/sandbox-psp/pay/${operation.id}?lang=${language}" novalidate>
${input('number', t.number, 'inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242"')}
<div class="row"><div>${input('expiry', t.expiry, 'autocomplete="cc-exp" placeholder="12/30"')}</div>
<div>${input('cvc', t.cvc, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123"')}</div></div>
${input('name', t.name, 'autocomplete="cc-name"')}
<button type="submit" name="action" value="pay">${t.pay} ${escapeHtml(formatAmount(operation.amount, operation.currency, language))}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${t.cancel}</button>
</form>
<details open><summary>${t.testCards}</summary><ul>
<li><code>4242 4242 4242 4242</code> ${t.success}</li><li><code>4000 0000 0000 0002</code> ${t.decline}</li>
<li><code>4000 0000 0000 3220</code> ${t.challenge}</li><li><code>4000 0000 0000 9995</code> ${t.insufficient}</li></ul></details>`,
    );
  },

  challenge(language: Language, operation: { id: string; amount: number; currency: string }) {
    const t = text[language];
    return layout(
      language,
      t.challengeTitle,
      `<span class="badge">${t.sandbox}</span><h1>${t.challengeTitle}</h1><p>${t.challengeText}</p>
<div class="amount">${escapeHtml(formatAmount(operation.amount, operation.currency, language))}</div>
<form method="post" action="/sandbox-psp/3ds/${operation.id}?lang=${language}">
<button type="submit" name="action" value="approve">${t.approve}</button>
<button type="submit" name="action" value="fail" class="secondary">${t.fail}</button></form>`,
    );
  },

  missing(language: Language) {
    return layout(language, text[language].title, `<h1>${text[language].missing}</h1>`);
  },
};
