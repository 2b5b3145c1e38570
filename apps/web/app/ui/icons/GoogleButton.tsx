import './google-button.css';

/**
 * "Sign in with Google" buttons in every variant the product uses (spec §2 icon set): theme dark,
 * light or neutral; shape round (pill) or square; text SI (sign in), SU (sign up), ctn (continue) or
 * na (logo only). Colours and sizes follow Google's branding guidelines.
 */
export type GoogleButtonTheme = 'dark' | 'light' | 'neutral';
export type GoogleButtonShape = 'round' | 'square';
export type GoogleButtonText = 'SI' | 'SU' | 'ctn' | 'na';

const labels: Record<'en' | 'el', Record<Exclude<GoogleButtonText, 'na'>, string>> = {
  en: { SI: 'Sign in with Google', SU: 'Sign up with Google', ctn: 'Continue with Google' },
  el: { SI: 'Σύνδεση με Google', SU: 'Εγγραφή με Google', ctn: 'Συνέχεια με Google' },
};

export const googleButtonVariants = (['dark', 'light', 'neutral'] as const).flatMap((theme) =>
  (['round', 'square'] as const).flatMap((shape) =>
    (['SI', 'SU', 'ctn', 'na'] as const).map((text) => ({ theme, shape, text })),
  ),
);

/** Google's four-colour "G". */
function GoogleLogo() {
  return (
    <svg className="google-button__logo" viewBox="0 0 48 48" width="20" height="20" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

export interface GoogleButtonProps {
  theme: GoogleButtonTheme;
  shape: GoogleButtonShape;
  text: GoogleButtonText;
  locale: 'en' | 'el';
  href?: string;
  onClick?: () => void;
}

export function GoogleButton({ theme, shape, text, locale, href, onClick }: GoogleButtonProps) {
  const label = labels[locale][text === 'na' ? 'SI' : text];
  const className = `google-button google-button--${theme} google-button--${shape}${text === 'na' ? ' google-button--icon' : ''}`;
  const content = (
    <>
      <span className="google-button__badge">
        <GoogleLogo />
      </span>
      {text === 'na' ? null : <span className="google-button__label">{label}</span>}
    </>
  );
  return href ? (
    <a className={className} href={href} aria-label={text === 'na' ? label : undefined}>
      {content}
    </a>
  ) : (
    <button
      type="button"
      className={className}
      onClick={onClick}
      aria-label={text === 'na' ? label : undefined}
    >
      {content}
    </button>
  );
}
