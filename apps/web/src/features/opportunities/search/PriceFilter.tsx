import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { CommittedNumberField } from './CommittedNumberField';
import type { PriceFilter as Price, SearchState } from './search-params';

const PRICES: readonly Price[] = ['any', 'free', 'paid'];

interface PriceFilterProps {
  state: SearchState;
  onChange: (patch: Partial<SearchState>) => void;
}

/** Free or paid, and what the cheapest option may cost. */
export function PriceFilter({ state, onChange }: PriceFilterProps) {
  const { t } = useTranslation('pages');
  const id = useId();
  const reversed =
    state.priceMin !== null && state.priceMax !== null && state.priceMin > state.priceMax;
  return (
    <FormControl component="fieldset" variant="standard">
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {t('opportunities.search.filters.price')}
      </FormLabel>
      <RadioGroup
        row
        name={`${id}-price`}
        value={state.price}
        onChange={(event) => {
          const chosen = PRICES.find((price) => price === event.target.value);
          if (chosen) onChange({ price: chosen });
        }}
      >
        {PRICES.map((price) => (
          <FormControlLabel
            key={price}
            value={price}
            control={<Radio size="small" />}
            label={t(`opportunities.search.filters.prices.${price}`)}
          />
        ))}
      </RadioGroup>
      {state.price === 'free' ? null : (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, mt: 1 }}>
            <CommittedNumberField
              id={`${id}-min`}
              label={t('opportunities.search.filters.priceMin')}
              value={state.priceMin}
              onCommit={(priceMin) => onChange({ priceMin })}
              min={0}
              step="any"
              invalidText={t('opportunities.search.filters.invalidAmount')}
            />
            <CommittedNumberField
              id={`${id}-max`}
              label={t('opportunities.search.filters.priceMax')}
              value={state.priceMax}
              onCommit={(priceMax) => onChange({ priceMax })}
              min={0}
              step="any"
              invalidText={t('opportunities.search.filters.invalidAmount')}
            />
          </Box>
          <Typography
            variant="caption"
            color={reversed ? 'error' : 'text.secondary'}
            sx={{ mt: 0.5 }}
            role={reversed ? 'alert' : undefined}
          >
            {reversed
              ? t('opportunities.search.filters.priceReversed')
              : t('opportunities.search.filters.priceHint')}
          </Typography>
        </>
      )}
    </FormControl>
  );
}
