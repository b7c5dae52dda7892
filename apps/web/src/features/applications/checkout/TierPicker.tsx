import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CheckoutPaymentOptionFieldsFragment } from '../../../gql/graphql';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { unavailableReason } from './checkout-logic';

interface TierPickerProps {
  options: readonly CheckoutPaymentOptionFieldsFragment[];
  selected: string | null;
  onSelect: (id: string) => void;
  timeZone: string;
  disabled: boolean;
}

/** The opportunity's prices; one that cannot be chosen says why (full, or closed on a date). */
export function TierPicker({ options, selected, onSelect, timeZone, disabled }: TierPickerProps) {
  const { t } = useTranslation('pages');
  const labelId = useId();
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ minWidth: 0 }}>
      <FormLabel id={labelId} component="legend" sx={{ mb: 1 }}>
        {t('applications.checkout.tiers.label')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={selected ?? ''}
        onChange={(event) => onSelect(event.target.value)}
        sx={{ gap: 1 }}
      >
        {options.map((option) => {
          const reason = unavailableReason(option);
          const why =
            reason === 'full'
              ? t('applications.checkout.tiers.full')
              : reason === 'closed' && option.deadline_date
                ? t('applications.checkout.tiers.closed', {
                    date: formatDateTime(option.deadline_date, { timeZone }),
                  })
                : reason
                  ? t('applications.checkout.tiers.unavailable')
                  : null;
          const slots =
            !reason && option.slots_left !== null
              ? t('applications.checkout.tiers.slotsLeft', { count: option.slots_left })
              : null;
          return (
            <FormControlLabel
              key={option.id}
              value={option.id}
              disabled={disabled || reason !== null}
              control={<Radio />}
              sx={{
                m: 0,
                alignItems: 'flex-start',
                border: 1,
                borderColor: selected === option.id ? 'primary.main' : 'divider',
                borderRadius: 1,
                p: 1,
                '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0, pt: 1 },
              }}
              label={
                <Box sx={{ display: 'grid', gap: 0.25 }}>
                  <Box
                    sx={{
                      display: 'flex',
                      flexWrap: 'wrap',
                      justifyContent: 'space-between',
                      columnGap: 2,
                    }}
                  >
                    <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {option.title}
                    </Typography>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {formatMoney(option.cost, option.currency)}
                    </Typography>
                  </Box>
                  {option.description ? (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {option.description}
                    </Typography>
                  ) : null}
                  {why ? (
                    <Typography component="span" variant="body2" color="warning.main">
                      {why}
                    </Typography>
                  ) : null}
                  {slots ? (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {slots}
                    </Typography>
                  ) : null}
                </Box>
              }
            />
          );
        })}
      </RadioGroup>
    </FormControl>
  );
}

interface CouponFieldProps {
  value: string;
  onChange: (value: string) => void;
  onApply: () => void;
  onRemove: () => void;
  applied: string | null;
  error: string | undefined;
  busy: boolean;
  disabled: boolean;
}

/** A coupon code and "Apply"; the server's refusal shows under the field. */
export function CouponField({
  value,
  onChange,
  onApply,
  onRemove,
  applied,
  error,
  busy,
  disabled,
}: CouponFieldProps) {
  const { t } = useTranslation('pages');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() !== '') onApply();
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        label={t('applications.checkout.coupon.label')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={
          error ??
          (applied ? t('applications.checkout.coupon.applied', { code: applied }) : undefined)
        }
        disabled={disabled}
        autoComplete="off"
        size="small"
        sx={{ flex: '1 1 12rem' }}
        slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
      />
      <Button type="submit" variant="outlined" disabled={disabled || busy || value.trim() === ''}>
        {t('applications.checkout.coupon.apply')}
      </Button>
      {applied ? (
        <Button type="button" onClick={onRemove} disabled={disabled || busy}>
          {t('applications.checkout.coupon.remove')}
        </Button>
      ) : null}
    </Box>
  );
}
