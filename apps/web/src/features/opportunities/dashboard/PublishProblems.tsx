import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ValidationMap } from '../../../lib/field-errors';
import { stepOfField } from '../wizard/opportunity-draft';

interface PublishProblemsProps {
  problems: ValidationMap;
  /** The editor (`/opportunity/{slug}/edit`), for those allowed to fix the problems. */
  editPath: string | null;
  onClose: () => void;
}

/**
 * Why publishing was refused, one line per field (the server's messages name it), each with a
 * link to the editor's step that holds the field. Focused when it appears, so keyboard and
 * screen reader users land on it.
 */
export function PublishProblems({ problems, editPath, onClose }: PublishProblemsProps) {
  const { t } = useTranslation('pages');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [problems]);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity="warning"
      onClose={onClose}
      closeText={t('opportunities.dashboard.status.dismiss')}
    >
      <AlertTitle>{t('opportunities.dashboard.status.incomplete')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {Object.entries(problems).map(([field, messages]) => {
          const step = stepOfField(field);
          return (
            <li key={field}>
              {messages.join(' ')}
              {editPath ? (
                <>
                  {' '}
                  <Link component={RouterLink} to={`${editPath}?step=${step}`} color="inherit">
                    {t('opportunities.wizard.review.fix', {
                      step: t(`opportunities.wizard.steps.${step}`),
                    })}
                  </Link>
                </>
              ) : null}
            </li>
          );
        })}
      </Box>
    </Alert>
  );
}
