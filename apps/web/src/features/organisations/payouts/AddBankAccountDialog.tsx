import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@apollo/client/react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PAYMENT_CURRENCIES } from '@encore/core';
import {
  AddExternalAccountDocument,
  OrganisationPayoutDestinationsDocument,
  PayoutCountriesDocument,
} from '../../../gql/graphql';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { FormError } from '../../auth/components/FormError';
import { countryName, currencyLabel } from '../components/PaymentAccountParts';
import { PAYOUTS } from './payout-parts';

const FIELDS = [
  'country',
  'currency',
  'holder_name',
  'account_number',
  'routing_number',
  'account_type',
] as const;
type Field = (typeof FIELDS)[number];

const ACCOUNT_TYPES = ['company', 'individual'] as const;
type AccountType = (typeof ACCOUNT_TYPES)[number];

interface Values {
  country: string;
  currency: string;
  holder_name: string;
  account_number: string;
  routing_number: string;
  account_type: AccountType;
}

interface Country {
  code: string;
  name: string;
}

/** The fields the browser can see are missing, by name. */
function missingFields(values: Values): Field[] {
  return (['country', 'currency', 'holder_name', 'account_number'] as const).filter(
    (field) => values[field].trim() === '',
  );
}

interface AddBankAccountDialogProps {
  organisationId: string;
  open: boolean;
  /** Where the account is: the form starts from its country, currency and kind. */
  defaults: { country: string | null; currency: string | null; individual: boolean };
  onClose: () => void;
  onAdded: () => void;
}

/** A bank account to pay out to, typed in Encore (where Encore's own processor keeps it). */
export function AddBankAccountDialog({
  organisationId,
  open,
  defaults,
  onClose,
  onAdded,
}: AddBankAccountDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  // Some 130 names in the reader's language, worked out once.
  const language = i18n.language;
  const currencies = useMemo(
    () =>
      PAYMENT_CURRENCIES.map((code) => ({
        code: code.toUpperCase(),
        label: currencyLabel(code),
        language,
      })),
    [language],
  );
  const initial: Values = {
    country: (defaults.country ?? '').toUpperCase(),
    currency: (defaults.currency ?? 'EUR').toUpperCase(),
    holder_name: '',
    account_number: '',
    routing_number: '',
    account_type: defaults.individual ? 'individual' : 'company',
  };
  const [values, setValues] = useState<Values>(initial);
  const [submitted, setSubmitted] = useState(false);
  const countries = useQuery(PayoutCountriesDocument, { skip: !open });
  const [add, { loading, error, reset }] = useMutation(AddExternalAccountDocument, {
    refetchQueries: [
      {
        query: OrganisationPayoutDestinationsDocument,
        variables: { organisation: organisationId },
      },
    ],
    awaitRefetchQueries: true,
  });

  const server = fieldErrorsOf(error, FIELDS);
  const missing = submitted ? missingFields(values) : [];
  const errorOf = (field: Field): string | undefined =>
    missing.includes(field) ? t(`${PAYOUTS}.add.required`) : server[field];
  const named = FIELDS.some((field) => server[field] !== undefined);

  const set = <K extends keyof Values>(field: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const close = () => {
    if (loading) return;
    reset();
    setSubmitted(false);
    setValues(initial);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const absent = missingFields(values);
    if (absent.length > 0) {
      document.querySelector<HTMLElement>(`[name="${absent[0]}"]`)?.focus();
      return;
    }
    const routing = values.routing_number.trim();
    try {
      await add({
        variables: {
          organisation: organisationId,
          input: {
            country: values.country,
            currency: values.currency.toLowerCase(),
            holder_name: values.holder_name.trim(),
            account_number: values.account_number.replace(/\s+/g, ''),
            ...(routing ? { routing_number: routing } : {}),
            account_type: values.account_type,
          },
        },
      });
    } catch {
      return; // Shown in the form.
    }
    setSubmitted(false);
    setValues(initial);
    onAdded();
  };

  const options: Country[] = countries.data?.countries ?? [];
  const chosen: Country | null = values.country
    ? (options.find((country) => country.code === values.country) ?? {
        code: values.country,
        name: countryName(values.country),
      })
    : null;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t(`${PAYOUTS}.add.title`)}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <FormError error={error && !named ? error : null} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' }, pt: 1 }}>
            <Autocomplete
              id="bank-account-country"
              options={
                chosen && !options.some((item) => item.code === chosen.code)
                  ? [chosen, ...options]
                  : options
              }
              value={chosen}
              loading={countries.loading}
              getOptionLabel={(country) => country.name}
              isOptionEqualToValue={(option, value) => option.code === value.code}
              onChange={(_event, country) => set('country', country?.code ?? '')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  name="country"
                  required
                  label={t(`${PAYOUTS}.add.country`)}
                  error={Boolean(errorOf('country'))}
                  helperText={errorOf('country')}
                />
              )}
            />
            <TextField
              select
              id="bank-account-currency"
              name="currency"
              required
              label={t(`${PAYOUTS}.add.currency`)}
              value={values.currency}
              onChange={(event) => set('currency', event.target.value)}
              error={Boolean(errorOf('currency'))}
              helperText={errorOf('currency')}
            >
              {currencies.map((currency) => (
                <MenuItem key={currency.code} value={currency.code}>
                  {currency.label}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <TextField
            id="bank-account-holder"
            name="holder_name"
            required
            autoComplete="name"
            label={t(`${PAYOUTS}.add.holder`)}
            value={values.holder_name}
            onChange={(event) => set('holder_name', event.target.value)}
            error={Boolean(errorOf('holder_name'))}
            helperText={errorOf('holder_name')}
          />
          <TextField
            id="bank-account-number"
            name="account_number"
            required
            label={t(`${PAYOUTS}.add.number`)}
            value={values.account_number}
            onChange={(event) => set('account_number', event.target.value)}
            error={Boolean(errorOf('account_number'))}
            helperText={errorOf('account_number') ?? t(`${PAYOUTS}.add.numberHelp`)}
            slotProps={{
              htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'characters' },
            }}
          />
          <TextField
            id="bank-account-routing"
            name="routing_number"
            label={t(`${PAYOUTS}.add.routing`)}
            value={values.routing_number}
            onChange={(event) => set('routing_number', event.target.value)}
            error={Boolean(errorOf('routing_number'))}
            helperText={errorOf('routing_number') ?? t(`${PAYOUTS}.add.routingHelp`)}
            slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
          />
          <TextField
            select
            id="bank-account-type"
            name="account_type"
            label={t(`${PAYOUTS}.add.type`)}
            value={values.account_type}
            onChange={(event) => set('account_type', event.target.value as AccountType)}
            error={Boolean(errorOf('account_type'))}
            helperText={errorOf('account_type')}
          >
            {ACCOUNT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`${PAYOUTS}.accountTypes.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={loading}>
            {t(`${PAYOUTS}.add.cancel`)}
          </Button>
          <Button type="submit" variant="contained" loading={loading}>
            {t(`${PAYOUTS}.add.submit`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
