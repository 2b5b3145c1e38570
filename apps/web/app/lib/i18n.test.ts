import { describe, expect, it } from 'vitest';
import { createTranslator } from './i18n';

describe('translator', () => {
  const t = createTranslator({
    footer: { rights: '© {{year}} Chrysos Casino.' },
    header: { signIn: 'Σύνδεση' },
  });

  it('looks messages up by path and fills placeholders', () => {
    expect(t('header.signIn')).toBe('Σύνδεση');
    expect(t('footer.rights', { year: 2026 })).toBe('© 2026 Chrysos Casino.');
  });

  it('shows the key for a missing message and keeps unknown placeholders', () => {
    expect(t('header.missing')).toBe('header.missing');
    expect(t('footer')).toBe('footer');
    expect(t('footer.rights', {})).toBe('© {{year}} Chrysos Casino.');
  });
});
