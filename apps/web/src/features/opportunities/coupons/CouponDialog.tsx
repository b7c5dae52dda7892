import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { COUPON_LIMITS } from '@encore/core';
import {
  CreateCouponDocument,
  OpportunityCouponsDocument,
  UpdateCouponDocument,
  type CouponFieldsFragment,
} from '../../../gql/graphql';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { FormError } from '../../auth/components/FormError';
import {
  COUPON_FIELDS,
  checkCoupon,
  couponFormValues,
  type CouponField,
  type CouponFormValues,
  type CouponProblems,
} from './coupon-form';

interface CouponDialogProps {
  opportunityId: string;
  /** The coupon being edited; absent to add one. */
  coupon?: CouponFieldsFragment | null;
  onClose: () => void;
  onSaved: (coupon: CouponFieldsFragment) => void;
}

/**
 * Adds or edits a coupon: name, code, percent off and optional slots. Checked as typed against
 * the shared schema after the first attempt; the server's refusals show under their fields.
 */
export function CouponDialog({ opportunityId, coupon, onClose, onSaved }: CouponDialogProps) {
  const { t } = useTranslation('pages');
  const titleId = useId();
  const fieldId = useId();
  const [values, setValues] = useState<CouponFormValues>(() => couponFormValues(coupon));
  const [problems, setProblems] = useState<CouponProblems>({});
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [create, creating] = useMutation(CreateCouponDocument, {
    update(cache, { data }) {
      const created = data?.createCoupon;
      if (!created) return;
      cache.updateQuery(
        { query: OpportunityCouponsDocument, variables: { opportunity: opportunityId } },
        (previous) =>
          previous && !previous.opportunityCoupons.some((item) => item.id === created.id)
            ? { opportunityCoupons: [...previous.opportunityCoupons, created] }
            : previous,
      );
    },
  });
  const [update, updating] = useMutation(UpdateCouponDocument);
  const busy = creating.loading || updating.loading;
  const usedSlots = coupon?.used_slots ?? 0;

  const serverErrors = fieldErrorsOf(error, COUPON_FIELDS);
  const onField = Object.keys(serverErrors).length > 0;
  const message = (field: CouponField): string | undefined => {
    const problem = problems[field];
    if (problem) return t(`opportunities.coupons.problems.${problem}`, { count: usedSlots });
    return serverErrors[field];
  };

  const set = (field: CouponField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) {
      const check = checkCoupon(next, usedSlots);
      setProblems(check.ok ? {} : check.problems);
    }
    // A server refusal of this field no longer describes what is typed.
    if (serverErrors[field]) setError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog sits in a portal, but React still bubbles to the wizard's own form.
    event.stopPropagation();
    setTried(true);
    const check = checkCoupon(values, usedSlots);
    if (!check.ok) {
      setProblems(check.problems);
      const first = COUPON_FIELDS.find((field) => check.problems[field]);
      if (first) document.getElementById(`${fieldId}-${first}`)?.focus();
      return;
    }
    setProblems({});
    setError(null);
    try {
      if (coupon) {
        const result = await update({ variables: { id: coupon.id, input: check.input } });
        if (result.data) onSaved(result.data.updateCoupon);
      } else {
        const result = await create({
          variables: { opportunity: opportunityId, input: check.input },
        });
        if (result.data) onSaved(result.data.createCoupon);
      }
    } catch (caught) {
      setError(caught);
      const first = COUPON_FIELDS.find((field) => fieldErrorsOf(caught, [field])[field]);
      if (first) document.getElementById(`${fieldId}-${first}`)?.focus();
    }
  };

  const field = (name: CouponField) => {
    const found = message(name);
    return {
      id: `${fieldId}-${name}`,
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) => set(name, event.target.value),
      error: Boolean(found),
    };
  };
  const help = (name: CouponField, fallback?: string) => message(name) ?? fallback;
  const slotsHelp =
    coupon && usedSlots > 0
      ? t('opportunities.coupons.fields.slotsHelpUsed', { count: usedSlots })
      : t('opportunities.coupons.fields.slotsHelp');

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>
          {coupon
            ? t('opportunities.coupons.editTitle', { code: coupon.code })
            : t('opportunities.coupons.addTitle')}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {!onField ? <FormError error={error} /> : null}
          <TextField
            {...field('name')}
            label={t('opportunities.coupons.fields.name')}
            required
            autoFocus
            helperText={help('name', t('opportunities.coupons.fields.nameHelp'))}
            slotProps={{ htmlInput: { maxLength: COUPON_LIMITS.nameMax } }}
            sx={{ mt: 1 }}
          />
          <TextField
            {...field('code')}
            label={t('opportunities.coupons.fields.code')}
            required
            autoComplete="off"
            helperText={help('code', t('opportunities.coupons.fields.codeHelp'))}
            slotProps={{
              htmlInput: {
                maxLength: COUPON_LIMITS.codeMax,
                // Codes are Latin letters and digits: they read left to right in every language.
                dir: 'ltr',
                spellCheck: false,
                autoCapitalize: 'characters',
              },
            }}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
            <TextField
              {...field('value')}
              label={t('opportunities.coupons.fields.value')}
              required
              type="number"
              helperText={help('value', t('opportunities.coupons.fields.valueHelp'))}
              slotProps={{
                htmlInput: {
                  min: COUPON_LIMITS.valueMin,
                  max: COUPON_LIMITS.valueMax,
                  step: 1,
                  inputMode: 'numeric',
                },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
            />
            <TextField
              {...field('slots')}
              label={t('opportunities.coupons.fields.slots')}
              type="number"
              helperText={help('slots', slotsHelp)}
              slotProps={{
                htmlInput: {
                  min: Math.max(COUPON_LIMITS.slotsMin, usedSlots),
                  max: COUPON_LIMITS.slotsMax,
                  step: 1,
                  inputMode: 'numeric',
                },
              }}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('opportunities.coupons.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {coupon ? t('opportunities.coupons.save') : t('opportunities.coupons.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
