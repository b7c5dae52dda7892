import { useCallback, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { ProfileUpdateDocument, type UpdateProfileInput } from '../../../gql/graphql';
import type { ProfileUser } from '../profile-options';

/**
 * Saves part of the profile with updateProfile: only the fields given change (absent = unchanged,
 * null = cleared). Resolves with the saved user, or null after keeping the error for display.
 */
export function useProfileSave() {
  const [update, { loading }] = useMutation(ProfileUpdateDocument);
  const [error, setError] = useState<unknown>(null);
  const save = useCallback(
    async (input: UpdateProfileInput): Promise<ProfileUser | null> => {
      setError(null);
      try {
        const { data } = await update({ variables: { input } });
        return data?.updateProfile ?? null;
      } catch (caught) {
        setError(caught);
        return null;
      }
    },
    [update],
  );
  return { save, saving: loading, error, setError };
}
