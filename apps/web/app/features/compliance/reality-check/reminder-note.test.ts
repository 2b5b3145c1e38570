import { describe, expect, it } from 'vitest';
import { catalogues } from '../../../i18n/catalogues.server';
import { createTranslator } from '../../../lib/i18n';
import { reminderNote } from './reminder-note';

describe('the reality check says how often it comes back (issue 31 item 21)', () => {
  it('in the singular for one minute and the plural otherwise, in English and Greek', () => {
    const en = createTranslator(catalogues.en);
    const el = createTranslator(catalogues.el);
    expect(reminderNote(en, 'en', 1)).toBe(
      'This reminder appears after every minute of play, as our licence requires.',
    );
    expect(reminderNote(en, 'en', 60)).toBe(
      'This reminder appears after every 60 minutes of play, as our licence requires.',
    );
    expect(reminderNote(el, 'el', 1)).toBe(
      'Η υπενθύμιση αυτή εμφανίζεται κάθε λεπτό παιχνιδιού, όπως ορίζει η άδειά μας.',
    );
    expect(reminderNote(el, 'el', 60)).toBe(
      'Η υπενθύμιση αυτή εμφανίζεται ανά 60 λεπτά παιχνιδιού, όπως ορίζει η άδειά μας.',
    );
  });
});
