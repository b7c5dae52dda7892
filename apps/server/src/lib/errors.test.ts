import { describe, expect, it } from 'vitest';
import { AppError, translateAppError } from './errors';
import { translatorFor } from './i18n';

describe('translateAppError', () => {
  it('translates the message and the values that are words of their own, in the reader’s language', () => {
    const locked = new AppError('CONFLICT', 'This application can no longer be changed.', {
      messageKey: 'errors.application_locked',
      translatedValues: { status: 'emails:application_statuses.ACCEPTED' },
    });
    expect(translateAppError(locked, translatorFor('en'))).toBe(
      'This application can no longer be changed: it is accepted.',
    );
    const french = translateAppError(locked, translatorFor('fr'));
    expect(french).toContain('Cette candidature ne peut plus être modifiée');
    expect(french).not.toContain('ACCEPTED');
    expect(french).not.toContain('{{status}}');
  });

  it('names the missing thing in the reader’s language, and falls back to the message without a key', () => {
    expect(translateAppError(AppError.notFound('opportunity'), translatorFor('en'))).toMatch(
      /opportunity/i,
    );
    expect(translateAppError(new AppError('CONFLICT', 'Plain words.'), translatorFor('de'))).toBe(
      'Plain words.',
    );
  });
});
