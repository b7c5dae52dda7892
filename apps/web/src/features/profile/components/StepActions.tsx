import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

interface StepActionsProps {
  onBack?: () => void;
  saving: boolean;
  last?: boolean;
}

/** Back (keeps what was typed) and save-and-continue, at the end of each step's form. */
export function StepActions({ onBack, saving, last = false }: StepActionsProps) {
  const { t } = useTranslation('pages');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 1 }}>
      {onBack ? (
        <Button type="button" onClick={onBack} disabled={saving}>
          {t('profile.setup.back')}
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" variant="contained" disabled={saving}>
        {saving
          ? t('profile.setup.saving')
          : last
            ? t('profile.setup.finish')
            : t('profile.setup.saveAndContinue')}
      </Button>
    </Box>
  );
}
