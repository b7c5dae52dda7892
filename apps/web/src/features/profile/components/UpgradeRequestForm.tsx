import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { ProfileRequestUpgradeDocument, ProfileUpgradeStatusDocument } from '../../../gql/graphql';
import { useSnackbar } from '../../../lib/snackbar';
import { FormError } from '../../auth/components/FormError';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { textOrNull } from '../profile-options';

/** The server's limits (account-upgrades.graphql.ts). */
export const UPGRADE_LIMITS = {
  nameMin: 2,
  nameMax: 150,
  websiteMax: 300,
  messageMin: 20,
  messageMax: 2000,
};

const FIELDS = ['organisation_name', 'website', 'message'] as const;
type Field = (typeof FIELDS)[number];

/** A performer asks for an organiser account. */
export function UpgradeRequestForm() {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const [request, { loading }] = useMutation(ProfileRequestUpgradeDocument, {
    refetchQueries: [ProfileUpgradeStatusDocument],
    awaitRefetchQueries: true,
  });
  const [organisation, setOrganisation] = useState('');
  const [website, setWebsite] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [local, setLocal] = useState<Partial<Record<Field, string>>>({});
  const server = fieldErrorsOf(error, FIELDS);
  const errorOf = (field: Field) => local[field] ?? server[field];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: Partial<Record<Field, string>> = {};
    if (organisation.trim().length < UPGRADE_LIMITS.nameMin) {
      problems.organisation_name = t('profile.upgrade.validation.organisation');
    }
    if (website.trim() !== '' && !/^https?:\/\/\S+\.\S+/i.test(website.trim())) {
      problems.website = t('profile.upgrade.validation.website');
    }
    if (message.trim().length < UPGRADE_LIMITS.messageMin) {
      problems.message = t('profile.upgrade.validation.message', {
        min: UPGRADE_LIMITS.messageMin,
      });
    }
    setLocal(problems);
    const first = FIELDS.find((field) => problems[field]);
    if (first) {
      document.getElementById(`upgrade-${first}`)?.focus();
      return;
    }
    setError(null);
    try {
      await request({
        variables: {
          input: {
            organisation_name: organisation.trim(),
            website: textOrNull(website),
            message: message.trim(),
          },
        },
      });
      snackbar.success(t('profile.upgrade.sent'));
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
      <FormError error={error} />
      <TextField
        id="upgrade-organisation_name"
        name="organisation_name"
        label={t('profile.upgrade.fields.organisation')}
        required
        autoComplete="organization"
        value={organisation}
        onChange={(event) => setOrganisation(event.target.value)}
        slotProps={{ htmlInput: { maxLength: UPGRADE_LIMITS.nameMax } }}
        error={Boolean(errorOf('organisation_name'))}
        helperText={errorOf('organisation_name')}
      />
      <TextField
        id="upgrade-website"
        name="website"
        type="url"
        label={t('profile.upgrade.fields.website')}
        autoComplete="url"
        placeholder="https://"
        value={website}
        onChange={(event) => setWebsite(event.target.value)}
        slotProps={{ htmlInput: { maxLength: UPGRADE_LIMITS.websiteMax, dir: 'ltr' } }}
        error={Boolean(errorOf('website'))}
        helperText={errorOf('website') ?? t('profile.upgrade.fields.websiteHint')}
      />
      <TextField
        id="upgrade-message"
        name="message"
        label={t('profile.upgrade.fields.message')}
        required
        multiline
        minRows={4}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        slotProps={{ htmlInput: { maxLength: UPGRADE_LIMITS.messageMax } }}
        error={Boolean(errorOf('message'))}
        helperText={
          errorOf('message') ??
          t('profile.upgrade.fields.messageHint', {
            min: UPGRADE_LIMITS.messageMin,
            length: message.trim().length,
          })
        }
      />
      <Box>
        <Button type="submit" variant="contained" disabled={loading}>
          {loading ? t('profile.upgrade.sending') : t('profile.upgrade.submit')}
        </Button>
      </Box>
    </Box>
  );
}
