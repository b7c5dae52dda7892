import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

interface CardFormProps {
  /** The total, formatted, for the button. */
  amount: string;
  busy: boolean;
  onPay: (cardNumber: string) => void;
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * The card's details for the local processor. Only the number is sent; expiry, CVC and name are
 * asked as a card form does, so the browser can fill them in.
 */
export function CardForm({ amount, busy, onPay }: CardFormProps) {
  const { t } = useTranslation('pages');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [name, setName] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = digitsOf(number);
    if (digits.length < 12 || digits.length > 19) {
      setNumberError(t('applications.checkout.card.numberInvalid'));
      return;
    }
    setNumberError(null);
    onPay(digits);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('applications.checkout.card.label')}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr' },
      }}
    >
      <Typography sx={{ gridColumn: '1 / -1' }} variant="subtitle1" component="h3">
        {t('applications.checkout.card.title')}
      </Typography>
      <TextField
        label={t('applications.checkout.card.number')}
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        error={numberError !== null}
        helperText={numberError ?? undefined}
        required
        disabled={busy}
        autoComplete="cc-number"
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 23, dir: 'ltr', spellCheck: false },
        }}
      />
      <TextField
        label={t('applications.checkout.card.expiry')}
        placeholder={t('applications.checkout.card.expiryPlaceholder')}
        value={expiry}
        onChange={(event) => setExpiry(event.target.value)}
        disabled={busy}
        autoComplete="cc-exp"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7, dir: 'ltr' } }}
      />
      <TextField
        label={t('applications.checkout.card.cvc')}
        value={cvc}
        onChange={(event) => setCvc(event.target.value)}
        disabled={busy}
        autoComplete="cc-csc"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, dir: 'ltr' } }}
      />
      <TextField
        label={t('applications.checkout.card.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        disabled={busy}
        autoComplete="cc-name"
        sx={{ gridColumn: '1 / -1' }}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" loading={busy}>
          {t('applications.checkout.card.pay', { amount })}
        </Button>
      </Box>
    </Box>
  );
}
