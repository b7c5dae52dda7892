import { ACCOUNT_TYPES, isOneOf, type AccountType } from '@encore/core';
import type { ProfileMeQuery } from '../../../gql/graphql';
import type { PrefillProfile } from '../../forms/fill/prefill';

type Me = ProfileMeQuery['me'];

/** The account's kind, which picks the form of an opportunity open to bands and individuals alike. */
export function accountTypeOf(
  user: Pick<Me, 'selected_type'> | undefined,
): AccountType | undefined {
  const type = user?.selected_type;
  return isOneOf(ACCOUNT_TYPES, type) ? type : undefined;
}

/** What the viewer's profile answers for them; a band account's name is the band's. */
export function prefillProfileOf(user: Me): PrefillProfile {
  return {
    name: user.name,
    email: user.email ?? '',
    phone: user.phone,
    city: user.city
      ? {
          id: user.city.id,
          name: user.city.name,
          country_code: user.city.country.code,
          country_name: user.city.country.name,
        }
      : null,
    genres: user.genres.map((genre) => genre.slug),
    instruments: user.instruments.map((entry) => entry.instrument.slug),
    artist_name: user.selected_type === 'BAND' ? user.name : null,
  };
}
