import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { PaymentOptionFieldsFragment } from '../../../gql/graphql';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { hasPassed } from '../../opportunities/public/opportunity-dates';

interface PriceChoiceProps {
  options: readonly PaymentOptionFieldsFragment[];
  value: string | null;
  onChange: (optionId: string) => void;
  error: string | null;
  disabled: boolean;
  timeZone: string;
  /** The fieldset, to move the focus to when no price is chosen. */
  ref?: Ref<HTMLFieldSetElement>;
}

/** The price to apply with (early bird, regular…); one whose own deadline has passed is shown, not offered. */
export function PriceChoice({
  options,
  value,
  onChange,
  error,
  disabled,
  timeZone,
  ref,
}: PriceChoiceProps) {
  const { t } = useTranslation('pages');
  const errorId = useId();
  return (
    <FormControl component="fieldset" ref={ref} error={error !== null} disabled={disabled}>
      <FormLabel component="legend" required>
        {t('applications.apply.price.legend')}
      </FormLabel>
      <RadioGroup
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={error ? errorId : undefined}
      >
        {options.map((option) => {
          const ended = hasPassed(option.deadline_date);
          const until = option.deadline_date
            ? formatDateTime(option.deadline_date, { timeZone })
            : null;
          return (
            <FormControlLabel
              key={option.id}
              value={option.id}
              disabled={ended}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { mt: -0.75 } }}
              label={
                <Box>
                  <Typography sx={{ fontWeight: 500 }}>
                    {t('applications.apply.price.option', {
                      title: option.title,
                      amount: formatMoney(option.cost, option.currency),
                    })}
                  </Typography>
                  {option.description ? (
                    <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                      {option.description}
                    </Typography>
                  ) : null}
                  {until ? (
                    <Typography variant="body2" color="text.secondary">
                      {ended
                        ? t('applications.apply.price.ended', { date: until })
                        : t('applications.apply.price.until', { date: until })}
                    </Typography>
                  ) : null}
                </Box>
              }
            />
          );
        })}
      </RadioGroup>
      {error ? <FormHelperText id={errorId}>{error}</FormHelperText> : null}
    </FormControl>
  );
}
