/**
 * What a player reads on the account screens and in the account emails, in English and Greek, written
 * out here (not read from the catalogues) so a spec fails when the words on screen change.
 */
export const copy = {
  en: {
    prefix: '',
    email: 'Email address',
    password: 'Password',
    terms: 'I accept the terms and conditions and the privacy policy',
    age: 'I am at least 18 years old',
    create: 'Create account',
    required: 'Field is required',
    invalidEmail: 'Must be a valid email',
    short: 'Must be at least 8 characters',
    mismatch: 'Passwords do not match!',
    signOut: 'Sign out',
    signIn: 'Sign in',
    invalid: 'Invalid email or password',
    locked: 'Your account is locked after too many wrong passwords. Try again in an hour.',
    unlockByEmail: 'Unlock it now with a link by email',
    forgotPassword: 'Forgot your password?',
    completeRegistration: 'Complete your registration',
    country: 'Country of residence',
    greece: 'Greece',
    currency: 'Account currency',
    saveAndContinue: 'Save and continue',
    confirmBar: 'Email confirmation',
    confirmBarText: (address: string) => `Please confirm your email address: we sent a link to ${address}.`,
    confirmed: "Thank you — your email address is confirmed and you're signed in.",
    unlocked: 'Your account is unlocked. You can sign in again.',
    resetTitle: 'Forgot your password?',
    sendResetLink: 'Send reset link',
    resetSent: (address: string) =>
      `If an account exists for ${address}, we've sent it a link to choose a new password. The link is valid for six hours. If it hasn't arrived within a few minutes, check your spam folder.`,
    newPasswordTitle: 'Choose a new password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    saveNewPassword: 'Save new password',
    continueWith: (provider: string) => `Continue with ${provider}`,
    socialFailed:
      "Signing in with that account didn't work. Please try again, or use your email address and password.",
    mail: {
      confirmation: 'Welcome to Chrysos Casino — please confirm your email',
      resetPassword: 'Reset your Chrysos Casino password',
      unlock: 'Your Chrysos Casino account was locked',
    },
  },
  el: {
    prefix: '/el',
    email: 'Διεύθυνση email',
    password: 'Κωδικός',
    terms: 'Αποδέχομαι τους όρους και προϋποθέσεις και την πολιτική απορρήτου',
    age: 'Είμαι τουλάχιστον 18 ετών',
    create: 'Δημιουργία λογαριασμού',
    required: 'Το πεδίο είναι υποχρεωτικό',
    invalidEmail: 'Πρέπει να είναι έγκυρο email',
    short: 'Πρέπει να έχει τουλάχιστον 8 χαρακτήρες',
    mismatch: 'Οι κωδικοί δεν ταιριάζουν!',
    signOut: 'Αποσύνδεση',
    signIn: 'Σύνδεση',
    invalid: 'Λάθος email ή κωδικός',
    locked: 'Ο λογαριασμός σας κλειδώθηκε μετά από πολλούς λάθος κωδικούς. Δοκιμάστε ξανά σε μία ώρα.',
    unlockByEmail: 'Ξεκλειδώστε τον τώρα με σύνδεσμο στο email σας',
    forgotPassword: 'Ξεχάσατε τον κωδικό σας;',
    completeRegistration: 'Ολοκληρώστε την εγγραφή σας',
    country: 'Χώρα διαμονής',
    greece: 'Ελλάδα',
    currency: 'Νόμισμα λογαριασμού',
    saveAndContinue: 'Αποθήκευση και συνέχεια',
    confirmBar: 'Επιβεβαίωση email',
    confirmBarText: (address: string) =>
      `Επιβεβαιώστε τη διεύθυνση email σας: σας στείλαμε σύνδεσμο στο ${address}.`,
    confirmed: 'Ευχαριστούμε — η διεύθυνση email σας επιβεβαιώθηκε και έχετε συνδεθεί.',
    unlocked: 'Ο λογαριασμός σας ξεκλειδώθηκε. Μπορείτε να συνδεθείτε ξανά.',
    resetTitle: 'Ξεχάσατε τον κωδικό σας;',
    sendResetLink: 'Αποστολή συνδέσμου',
    resetSent: (address: string) =>
      `Αν υπάρχει λογαριασμός με το ${address}, του στείλαμε σύνδεσμο για να ορίσετε νέο κωδικό. Ο σύνδεσμος ισχύει για έξι ώρες. Αν δεν φτάσει σε λίγα λεπτά, ελέγξτε και τον φάκελο ανεπιθύμητης αλληλογραφίας.`,
    newPasswordTitle: 'Ορίστε νέο κωδικό',
    newPassword: 'Νέος κωδικός',
    confirmPassword: 'Επιβεβαίωση κωδικού',
    saveNewPassword: 'Αποθήκευση νέου κωδικού',
    continueWith: (provider: string) => `Συνέχεια με ${provider}`,
    socialFailed:
      'Η σύνδεση με αυτόν τον λογαριασμό δεν ολοκληρώθηκε. Δοκιμάστε ξανά ή συνδεθείτε με το email και τον κωδικό σας.',
    mail: {
      confirmation: 'Καλώς ήρθατε στο Chrysos Casino — επιβεβαιώστε το email σας',
      resetPassword: 'Επαναφορά κωδικού στο Chrysos Casino',
      unlock: 'Ο λογαριασμός σας στο Chrysos Casino κλειδώθηκε',
    },
  },
} as const;

export type Locale = keyof typeof copy;
export type Copy = (typeof copy)[Locale];
export const locales = Object.keys(copy) as Locale[];
