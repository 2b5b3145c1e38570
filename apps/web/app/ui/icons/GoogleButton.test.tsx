import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GoogleButton, googleButtonVariants } from './GoogleButton';

describe('Google sign-in buttons', () => {
  it('come in 24 distinct variants', () => {
    expect(googleButtonVariants).toHaveLength(24);
    const classes = new Set(
      googleButtonVariants.map(
        (variant) =>
          renderToStaticMarkup(<GoogleButton {...variant} locale="en" />).match(/class="([^"]+)"/)?.[1],
      ),
    );
    // Text variants share a class (the label differs), so theme × shape × (text or icon only).
    expect(classes.size).toBe(3 * 2 * 2);
  });

  it.each([
    ['SI', 'en', 'Sign in with Google'],
    ['SU', 'en', 'Sign up with Google'],
    ['ctn', 'en', 'Continue with Google'],
    ['SI', 'el', 'Σύνδεση με Google'],
    ['SU', 'el', 'Εγγραφή με Google'],
    ['ctn', 'el', 'Συνέχεια με Google'],
  ] as const)('%s in %s reads "%s"', (text, locale, label) => {
    const html = renderToStaticMarkup(
      <GoogleButton theme="light" shape="round" text={text} locale={locale} />,
    );
    expect(html).toContain(`<span class="google-button__label">${label}</span>`);
  });

  it('names the logo-only button for screen readers and links when given a URL', () => {
    const html = renderToStaticMarkup(
      <GoogleButton theme="dark" shape="square" text="na" locale="el" href="/users/auth/google" />,
    );
    expect(html).toMatch(
      /^<a class="google-button google-button--dark google-button--square google-button--icon" href="\/users\/auth\/google" aria-label="Σύνδεση με Google">/,
    );
    expect(html).not.toContain('google-button__label');
  });
});
