/**
 * The account emails in English and Greek. Each has a plain-text part for clients that show no HTML
 * and a simple, table-free HTML part that reads well in dark and light mail clients.
 */
export type Language = 'en' | 'el';
export type TemplateName = 'confirmation' | 'reset_password' | 'unlock';

interface Copy {
  subject: string;
  heading: string;
  body: string;
  action: string;
  footer: string;
}

const copy: Record<TemplateName, Record<Language, Copy>> = {
  confirmation: {
    en: {
      subject: 'Welcome to Chrysos Casino — please confirm your email',
      heading: 'Welcome to Chrysos Casino',
      body: 'Your account is ready. Confirm your email address so we can reach you about your withdrawals and keep your account secure.',
      action: 'Confirm my email',
      footer:
        'If you did not create an account, you can ignore this email: nothing happens until the address is confirmed.',
    },
    el: {
      subject: 'Καλώς ήρθατε στο Chrysos Casino — επιβεβαιώστε το email σας',
      heading: 'Καλώς ήρθατε στο Chrysos Casino',
      body: 'Ο λογαριασμός σας είναι έτοιμος. Επιβεβαιώστε τη διεύθυνση email σας, ώστε να μπορούμε να σας ενημερώνουμε για τις αναλήψεις σας και να προστατεύουμε τον λογαριασμό σας.',
      action: 'Επιβεβαίωση email',
      footer:
        'Αν δεν δημιουργήσατε εσείς λογαριασμό, αγνοήστε αυτό το μήνυμα: τίποτα δεν αλλάζει χωρίς επιβεβαίωση.',
    },
  },
  reset_password: {
    en: {
      subject: 'Reset your Chrysos Casino password',
      heading: 'Choose a new password',
      body: 'Someone asked to reset the password of your account. The link below works once and expires in 6 hours.',
      action: 'Choose a new password',
      footer: 'If it was not you, ignore this email: your password stays as it is.',
    },
    el: {
      subject: 'Επαναφορά κωδικού στο Chrysos Casino',
      heading: 'Ορίστε νέο κωδικό πρόσβασης',
      body: 'Ζητήθηκε επαναφορά του κωδικού του λογαριασμού σας. Ο σύνδεσμος παρακάτω ισχύει μία φορά και λήγει σε 6 ώρες.',
      action: 'Ορισμός νέου κωδικού',
      footer: 'Αν δεν το ζητήσατε εσείς, αγνοήστε το μήνυμα: ο κωδικός σας μένει ως έχει.',
    },
  },
  unlock: {
    en: {
      subject: 'Your Chrysos Casino account was locked',
      heading: 'Your account is locked',
      body: 'After too many wrong passwords in a row we locked your account to protect it. It unlocks by itself in an hour, or right away with the link below.',
      action: 'Unlock my account',
      footer: 'If these attempts were not yours, unlock the account and then change your password.',
    },
    el: {
      subject: 'Ο λογαριασμός σας στο Chrysos Casino κλειδώθηκε',
      heading: 'Ο λογαριασμός σας κλειδώθηκε',
      body: 'Μετά από πολλές διαδοχικές λανθασμένες προσπάθειες κλειδώσαμε τον λογαριασμό σας για την προστασία του. Ξεκλειδώνει αυτόματα σε μία ώρα ή αμέσως με τον σύνδεσμο παρακάτω.',
      action: 'Ξεκλείδωμα λογαριασμού',
      footer:
        'Αν δεν κάνατε εσείς αυτές τις προσπάθειες, ξεκλειδώστε τον λογαριασμό και αλλάξτε τον κωδικό σας.',
    },
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function renderEmail(template: TemplateName, language: Language, link: string): RenderedEmail {
  const c = copy[template][language];
  const text = `${c.heading}\n\n${c.body}\n\n${c.action}: ${link}\n\n${c.footer}\n\nChrysos Casino`;
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:24px;background:#15121f;color:#f4efe6;font-family:Helvetica,Arial,sans-serif">
  <div style="max-width:520px;margin:0 auto;background:#221d31;border-radius:12px;padding:32px">
    <p style="margin:0 0 24px;color:#dda052;font-weight:bold;letter-spacing:.08em">CHRYSOS CASINO</p>
    <h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(c.heading)}</h1>
    <p style="margin:0 0 24px;line-height:1.5">${escapeHtml(c.body)}</p>
    <p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#dda052;color:#15121f;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(c.action)}</a></p>
    <p style="margin:0 0 8px;font-size:13px;color:#b9b1c7;word-break:break-all">${escapeHtml(link)}</p>
    <p style="margin:24px 0 0;font-size:13px;color:#b9b1c7;line-height:1.5">${escapeHtml(c.footer)}</p>
  </div>
</body>
</html>`;
  return { subject: c.subject, text, html };
}
