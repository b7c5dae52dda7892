import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { describeGraphQLError } from '../../../lib/graphql-errors';

/** A failed submission, described per SEED-SPEC point 8; focused so it is announced and seen. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  if (!error) return null;
  return (
    <Alert ref={ref} severity="error" tabIndex={-1} sx={{ mb: 3, whiteSpace: 'pre-line' }}>
      {describeGraphQLError(error, (key) => t(key))}
    </Alert>
  );
}
