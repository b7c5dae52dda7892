import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import type { FormType } from '@encore/core';
import { visuallyHidden } from '../../../app/shell/visuallyHidden';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { OpportunityFormDocument } from '../../../gql/graphql';
import { FormError } from '../../auth/components/FormError';
import { FormBuilder } from '../builder/FormBuilder';
import { FormPreview } from '../builder/FormPreview';
import { definitionOf } from '../form-api';
import type { FormEdits } from './useFormEdits';

type Mode = 'edit' | 'preview';

interface FormPanelProps {
  opportunityId: string;
  type: FormType;
  forms: FormEdits;
  mode: Mode;
  disabled: boolean;
}

/** One form: loaded (the saved one or the default), then edited or previewed. */
function FormPanel({ opportunityId, type, forms, mode, disabled }: FormPanelProps) {
  const { t } = useTranslation('pages');
  // Another member of the team may have saved it since: a cached copy shows while it reloads.
  const query = useQuery(OpportunityFormDocument, {
    variables: { opportunity: opportunityId, type },
    fetchPolicy: 'cache-and-network',
  });
  const form = query.data?.opportunityForm;
  const loaded = useMemo(() => (form ? definitionOf(form) : undefined), [form]);

  if (!loaded) {
    return query.error ? (
      <LoadError error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      <LoadingBlock />
    );
  }
  const value = forms.edits[type] ?? loaded;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {form?.id === null ? <Alert severity="info">{t('forms.page.defaultForm')}</Alert> : null}
      {mode === 'preview' ? (
        <FormPreview value={value} />
      ) : (
        <FormBuilder
          value={value}
          onChange={(next) => forms.change(type, next)}
          errors={forms.errors[type]}
          disabled={disabled || forms.saving}
        />
      )}
    </Box>
  );
}

interface OpportunityFormsEditorProps {
  opportunityId: string;
  /** The changes and their saving, from `useFormEdits`; the owner decides when to save. */
  forms: FormEdits;
  /** Read only: the viewer may see the forms but not change them. */
  disabled?: boolean;
}

/**
 * An opportunity's application forms, one tab per kind of applicant it takes, each edited with the
 * form builder or shown as a preview. Why the last save left a form unsaved is said above it.
 */
export function OpportunityFormsEditor({
  opportunityId,
  forms,
  disabled = false,
}: OpportunityFormsEditorProps) {
  const { t } = useTranslation('pages');
  const baseId = useId();
  const [chosen, setChosen] = useState<FormType | undefined>(undefined);
  const [mode, setMode] = useState<Mode>('edit');
  const problemRef = useRef<HTMLDivElement>(null);

  // After a save that left a form unsaved, show that form's builder, where its problems are marked.
  const [seenAttempt, setSeenAttempt] = useState(forms.attempt);
  if (seenAttempt !== forms.attempt) {
    setSeenAttempt(forms.attempt);
    const first = forms.failed[0];
    if (first) {
      setChosen(first);
      setMode('edit');
    }
  }
  useEffect(() => {
    if (forms.attempt > 0) problemRef.current?.focus();
  }, [forms.attempt]);

  const shown = chosen && forms.types.includes(chosen) ? chosen : forms.types[0];
  const blocked = forms.failed.filter((type) => forms.invalid.includes(type));
  const refused = forms.failed.filter(
    (type) => !forms.invalid.includes(type) && forms.errors[type] !== undefined,
  );
  const needsAttention = (type: FormType) => blocked.includes(type) || refused.includes(type);
  const problems = [
    ...blocked.map((type) => t(`forms.page.invalid.${type}`)),
    ...refused.map((type) => t(`forms.page.refused.${type}`)),
  ];

  if (!shown) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Tabs
          value={shown}
          onChange={(_event, type: FormType) => setChosen(type)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('forms.page.tabsLabel')}
        >
          {forms.types.map((type) => (
            <Tab
              key={type}
              value={type}
              id={`${baseId}-tab-${type}`}
              aria-controls={`${baseId}-panel-${type}`}
              icon={
                needsAttention(type) ? (
                  <ErrorOutlineIcon color="error" fontSize="small" aria-hidden />
                ) : undefined
              }
              iconPosition="end"
              label={
                <span>
                  {t(`forms.page.types.${type}`)}
                  {forms.edits[type] ? (
                    <Box component="span" sx={visuallyHidden}>
                      {` ${t('forms.page.changed')}`}
                    </Box>
                  ) : null}
                  {needsAttention(type) ? (
                    <Box component="span" sx={visuallyHidden}>
                      {` ${t('forms.page.needsAttention')}`}
                    </Box>
                  ) : null}
                </span>
              }
            />
          ))}
        </Tabs>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mode}
          onChange={(_event, next: Mode | null) => {
            if (next) setMode(next);
          }}
          aria-label={t('forms.page.modeLabel')}
          sx={{ mb: 1 }}
        >
          <ToggleButton value="edit">
            {t(disabled ? 'forms.page.modes.view' : 'forms.page.modes.edit')}
          </ToggleButton>
          <ToggleButton value="preview">{t('forms.page.modes.preview')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {problems.length > 0 ? (
        <Alert ref={problemRef} severity="error" tabIndex={-1} sx={{ whiteSpace: 'pre-line' }}>
          {problems.join('\n')}
        </Alert>
      ) : null}
      <FormError error={forms.failure} />
      <Box
        role="tabpanel"
        id={`${baseId}-panel-${shown}`}
        aria-labelledby={`${baseId}-tab-${shown}`}
      >
        <FormPanel
          key={shown}
          opportunityId={opportunityId}
          type={shown}
          forms={forms}
          mode={mode}
          disabled={disabled}
        />
      </Box>
    </Box>
  );
}
