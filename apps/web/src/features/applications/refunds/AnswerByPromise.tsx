import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { formatDateTime } from '../../../lib/format';

/**
 * The organiser's answer-by promise, said before anyone pays: undecided by then, the fee comes back
 * in full by itself. The date reads in the opportunity's own time zone, as its deadline does.
 */
export function AnswerByPromise({ date, timeZone }: { date: string; timeZone: string }) {
  const { t } = useTranslation('pages');
  return (
    <Alert severity="info" variant="outlined">
      {t('applications.refund.answerBy', { date: formatDateTime(date, { timeZone }) })}
    </Alert>
  );
}
