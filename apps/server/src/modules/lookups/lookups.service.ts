import { SUPPORTED_LOCALES } from '@encore/core';
import ISO6391 from 'iso-639-1';
import type { Database } from '../../db/client';

export interface LanguageRow {
  slug: string;
  name: string;
  is_supported: boolean;
}

export function createLookupsService(_db: Database) {
  return {
    languages(): LanguageRow[] {
      return ISO6391.getAllCodes().map((code) => ({
        slug: code,
        name: ISO6391.getName(code),
        is_supported: (SUPPORTED_LOCALES as readonly string[]).includes(code),
      }));
    },
  };
}

export type LookupsService = ReturnType<typeof createLookupsService>;
