import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { OPPORTUNITY_LIMITS, OPPORTUNITY_PAYMENT_TYPES, PAYMENT_CURRENCIES } from '@encore/core';
import type { OpportunityPaymentType } from '../../../../gql/graphql';
import { WizardCoupons } from '../../coupons/WizardCoupons';
import { majorToMinor, type OpportunityDraft, type PaymentOptionDraft } from '../opportunity-draft';
import type { FieldErrors, StepProps } from './step-props';

const DEFAULT_CURRENCY = 'EUR';

/** Problems the browser can see before saving: a price that is not an amount, a missing title. */
export function paymentProblems(draft: OpportunityDraft): FieldErrors {
  const problems: FieldErrors = {};
  if (draft.payment_type !== 'PAID_INTERNAL') return problems;
  draft.payment_options.forEach((option, index) => {
    if (option.title.trim() === '') problems[`payment_options.${index}.title`] = 'title';
    if (majorToMinor(option.cost, option.currency) === null)
      problems[`payment_options.${index}.cost`] = 'cost';
  });
  return problems;
}

function OptionEditor({
  option,
  index,
  errors,
  onChange,
  onRemove,
}: {
  option: PaymentOptionDraft;
  index: number;
  errors: FieldErrors;
  onChange: (patch: Partial<PaymentOptionDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('pages');
  const f = (key: string) => t(`opportunities.wizard.payment.${key}`);
  const error = (field: string) => errors[`payment_options.${index}.${field}`];
  const message = (field: string) => {
    const found = error(field);
    // Client-side problems carry the field's name; the server's are sentences already.
    return found === field ? t(`opportunities.wizard.payment.problems.${field}`) : found;
  };
  const id = (field: string) => `payment-option-${index}-${field}`;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Typography component="h4" variant="subtitle1" sx={{ flex: 1 }}>
          {t('opportunities.wizard.payment.option', { number: index + 1 })}
        </Typography>
        <IconButton
          aria-label={t('opportunities.wizard.payment.remove', { number: index + 1 })}
          onClick={onRemove}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </Box>
      <TextField
        id={id('title')}
        name={`payment_options.${index}.title`}
        label={f('title')}
        required
        value={option.title}
        onChange={(event) => onChange({ title: event.target.value })}
        error={Boolean(error('title'))}
        helperText={message('title') ?? f('titleHelp')}
        slotProps={{ htmlInput: { maxLength: OPPORTUNITY_LIMITS.paymentOptionTitleMax } }}
      />
      <TextField
        id={id('description')}
        label={f('description')}
        multiline
        value={option.description}
        onChange={(event) => onChange({ description: event.target.value })}
        error={Boolean(error('description'))}
        helperText={message('description')}
        slotProps={{ htmlInput: { maxLength: OPPORTUNITY_LIMITS.paymentOptionDescriptionMax } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '2fr 1fr 1fr' } }}>
        <TextField
          id={id('cost')}
          name={`payment_options.${index}.cost`}
          label={f('cost')}
          required
          inputMode="decimal"
          value={option.cost}
          onChange={(event) => onChange({ cost: event.target.value })}
          error={Boolean(error('cost'))}
          helperText={message('cost')}
        />
        <TextField
          id={id('currency')}
          select
          label={f('currency')}
          value={option.currency}
          onChange={(event) => onChange({ currency: event.target.value })}
          error={Boolean(error('currency'))}
          helperText={message('currency')}
        >
          {PAYMENT_CURRENCIES.map((code) => (
            <MenuItem key={code} value={code.toUpperCase()}>
              {code.toUpperCase()}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id={id('slots')}
          label={f('slots')}
          type="number"
          value={option.slots}
          onChange={(event) => onChange({ slots: event.target.value })}
          error={Boolean(error('slots'))}
          helperText={message('slots') ?? f('slotsHelp')}
          slotProps={{ htmlInput: { min: 1, max: OPPORTUNITY_LIMITS.slotsMax } }}
        />
      </Box>
      <TextField
        id={id('deadline_date')}
        label={f('deadline_date')}
        type="datetime-local"
        value={option.deadline_date}
        onChange={(event) => onChange({ deadline_date: event.target.value })}
        error={Boolean(error('deadline_date'))}
        helperText={message('deadline_date') ?? f('deadlineHelp')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Paper>
  );
}

/** Free, paid through Encore with price options (early-bird tiers), or paid on the organiser's site. */
export function PaymentStep({ draft, change, errors, saved }: StepProps) {
  const { t } = useTranslation('pages');
  const options = draft.payment_options;
  const setOption = (index: number, patch: Partial<PaymentOptionDraft>) =>
    change({
      payment_options: options.map((option, at) =>
        at === index ? { ...option, ...patch } : option,
      ),
    });
  const addOption = () =>
    change({
      payment_options: [
        ...options,
        {
          title: '',
          description: '',
          cost: '',
          currency: options.at(-1)?.currency ?? DEFAULT_CURRENCY,
          slots: '',
          deadline_date: '',
        },
      ],
    });

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <FormLabel id="payment-type-label">
          {t('opportunities.wizard.fields.payment_type')}
        </FormLabel>
        <RadioGroup
          aria-labelledby="payment-type-label"
          name="payment_type"
          value={draft.payment_type}
          onChange={(event) =>
            change({ payment_type: event.target.value as OpportunityPaymentType })
          }
        >
          {OPPORTUNITY_PAYMENT_TYPES.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={t(`opportunities.wizard.paymentTypes.${value}`)}
            />
          ))}
        </RadioGroup>
        {errors.payment_type ? <FormHelperText error>{errors.payment_type}</FormHelperText> : null}
      </Box>

      {draft.payment_type === 'PAID_EXTERNAL' ? (
        <TextField
          id="opportunity-external_payment_url"
          name="external_payment_url"
          type="url"
          label={t('opportunities.wizard.fields.external_payment_url')}
          value={draft.external_payment_url}
          onChange={(event) => change({ external_payment_url: event.target.value })}
          error={Boolean(errors.external_payment_url)}
          helperText={
            errors.external_payment_url ?? t('opportunities.wizard.help.external_payment_url')
          }
        />
      ) : null}

      {draft.payment_type === 'PAID_INTERNAL' ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">{t('opportunities.wizard.payment.intro')}</Typography>
          {options.map((option, index) => (
            <OptionEditor
              key={option.id ?? `new-${index}`}
              option={option}
              index={index}
              errors={errors}
              onChange={(patch) => setOption(index, patch)}
              onRemove={() => change({ payment_options: options.filter((_, at) => at !== index) })}
            />
          ))}
          {errors.payment_options ? (
            <FormHelperText error>{errors.payment_options}</FormHelperText>
          ) : null}
          <Box>
            <Button
              startIcon={<AddIcon />}
              onClick={addOption}
              disabled={options.length >= OPPORTUNITY_LIMITS.paymentOptionsMax}
            >
              {t('opportunities.wizard.payment.add')}
            </Button>
          </Box>
          <TextField
            id="opportunity-answer_by_date"
            name="answer_by_date"
            type="datetime-local"
            label={t('opportunities.wizard.fields.answer_by_date')}
            value={draft.answer_by_date}
            onChange={(event) => change({ answer_by_date: event.target.value })}
            error={Boolean(errors.answer_by_date)}
            helperText={errors.answer_by_date ?? t('opportunities.wizard.help.answer_by_date')}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ mt: 1 }}
          />
        </Box>
      ) : null}

      <WizardCoupons saved={saved} paymentType={draft.payment_type} />
    </Box>
  );
}
