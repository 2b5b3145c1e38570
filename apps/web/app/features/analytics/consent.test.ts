import { describe, expect, it } from 'vitest';
import { consentOf } from './consent';

describe('the consent cookie', () => {
  it("reads the visitor's choice, and none before they made one", () => {
    expect(consentOf('i18n_redirected=el; chrysos_consent=analytics')).toBe('analytics');
    expect(consentOf('chrysos_consent=necessary')).toBe('necessary');
    expect(consentOf('i18n_redirected=el')).toBeNull();
    expect(consentOf('chrysos_consent=everything')).toBeNull();
    expect(consentOf('')).toBeNull();
  });
});
