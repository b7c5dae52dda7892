import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ApplicationFormDefinition, FormField } from '@encore/core';
import { FieldTypeIcon } from './FieldTypeIcon';
import { canBeRequired, inOrder } from './form-definition';

function PreviewList({ fields }: { fields: readonly FormField[] }) {
  const { t } = useTranslation('pages');
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {inOrder(fields).map((field) => (
        <Box component="li" key={field.id} sx={{ display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <FieldTypeIcon type={field.type} fontSize="small" color="action" />
            <Typography component="span">{field.label}</Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {t(`forms.builder.types.${field.type}`)}
              {canBeRequired(field.type)
                ? ` · ${t(field.is_required ? 'forms.builder.card.required' : 'forms.builder.card.optional')}`
                : ''}
            </Typography>
          </Box>
          {field.child_fields.length > 0 ? (
            <Box sx={{ paddingInlineStart: 4 }}>
              <PreviewList fields={field.child_fields} />
            </Box>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

/** What a form asks, read only: each field's label, type and whether it must be answered. */
export function FormPreview({ value }: { value: ApplicationFormDefinition }) {
  const { t } = useTranslation('pages');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {value.is_skipped ? (
        <Typography variant="body2">{t('forms.builder.skippedNotice')}</Typography>
      ) : null}
      <PreviewList fields={value.fields} />
    </Box>
  );
}
