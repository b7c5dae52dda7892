import { describe, it, expect } from 'vitest';
import * as core from './index';

describe('@encore/core barrel', () => {
  it('exposes every module', () => {
    const expected = [
      // constants
      'PAGE_SIZES',
      'DEFAULT_SORT',
      'COOKIE_NAMES',
      // enums
      'isOneOf',
      'PAYMENT_STATUSES',
      'ORGANISATION_ROLE_PERMISSIONS',
      // currencies
      'CURRENCIES',
      'PAYMENT_CURRENCIES',
      'formatMoney',
      // video links
      'parseVideoLink',
      // tokens
      'isTokenExpired',
      // pagination
      'paginatorInfo',
      'pageArgsSchema',
      // pre-existing modules
      'ERROR_CODES',
      'categoryOf',
      'SUPPORTED_LOCALES',
      'negotiateLocale',
    ];
    for (const name of expected) expect(core, name).toHaveProperty(name);
  });
});
