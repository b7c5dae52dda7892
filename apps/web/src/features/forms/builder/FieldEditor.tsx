import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  FORM_FIELD_TYPES,
  FORM_LIMITS,
  type FileFieldType,
  type FormField,
  type FormFieldSubtype,
  type FormFieldType,
} from '@encore/core';
import { AcceptEditor } from './AcceptEditor';
import { useBuilder } from './builder-context';
import { ChoicesEditor } from './ChoicesEditor';
import {
  MULTIPLE_TYPES,
  SUBTYPES_OF_TYPE,
  canBeRequired,
  changeType,
  isFileType,
  multipleChange,
  subtypeChange,
  textLengthLimit,
} from './form-definition';
import { problemsAt } from './form-errors';
import { MemberFields } from './MemberFields';

interface FieldEditorProps {
  field: FormField;
  /** A field every form of its type must keep: required, of its type, under its slug. */
  fixed: boolean;
  autoFocus: boolean;
  onChange: (field: FormField) => void;
}

/** Every setting of one field; a band-members field also edits the fields asked of each member. */
export function FieldEditor({ field, fixed, autoFocus, onChange }: FieldEditorProps) {
  const { t } = useTranslation('pages');
  const { disabled, problems } = useBuilder();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const patch = (changes: Partial<FormField>) => onChange({ ...field, ...changes });
  const messages = (property: string) => problemsAt(problems, field.id, property);
  const exactly = (property: string) => problems[`${field.id}.${property}`] ?? [];
  const subtypes = SUBTYPES_OF_TYPE[field.type];
  const typeChangeable = !fixed && field.type !== 'group_members';
  const helper = (property: string, help?: string) => {
    const found = messages(property);
    return { error: found.length > 0, helperText: found.length > 0 ? found.join(' ') : help };
  };
  const own = problems[field.id] ?? [];

  return (
    <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
      {own.length > 0 ? (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {own.join('\n')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          id={id('label')}
          label={t(
            field.type === 'heading'
              ? 'forms.builder.field.headingText'
              : 'forms.builder.field.label',
          )}
          required
          autoFocus={autoFocus}
          value={field.label}
          disabled={disabled}
          // The list takes the slug along while it still follows the label (`labelChange`).
          onChange={(event) => patch({ label: event.target.value })}
          slotProps={{ htmlInput: { maxLength: FORM_LIMITS.labelLength } }}
          {...helper('label')}
        />
        <TextField
          id={id('slug')}
          label={t('forms.builder.field.slug')}
          required
          value={field.slug}
          disabled={disabled}
          onChange={(event) => patch({ slug: event.target.value })}
          slotProps={{
            htmlInput: { readOnly: fixed, maxLength: 64, spellCheck: false, dir: 'ltr' },
          }}
          {...helper(
            'slug',
            t(fixed ? 'forms.builder.field.slugFixed' : 'forms.builder.field.slugHelp'),
          )}
        />
        {typeChangeable ? (
          <TextField
            id={id('type')}
            select
            label={t('forms.builder.field.type')}
            value={field.type}
            disabled={disabled}
            onChange={(event) => onChange(changeType(field, event.target.value as FormFieldType))}
            {...helper('type', t('forms.builder.field.typeHelp'))}
          >
            {FORM_FIELD_TYPES.filter((type) => type !== 'group_members').map((type) => (
              <MenuItem key={type} value={type}>
                {t(`forms.builder.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {subtypes ? (
          <TextField
            id={id('subtype')}
            select
            label={t(`forms.builder.subtypeLabel.${field.type}`)}
            value={field.subtype ?? subtypes[0]}
            disabled={disabled}
            onChange={(event) =>
              patch(subtypeChange(field, event.target.value as FormFieldSubtype))
            }
            {...helper('subtype')}
          >
            {subtypes.map((subtype) => (
              <MenuItem key={subtype} value={subtype}>
                {t(`forms.builder.subtypes.${subtype}`)}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
        {canBeRequired(field.type) ? (
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={field.is_required}
                  disabled={disabled || (fixed && field.is_required)}
                  onChange={(event) => patch({ is_required: event.target.checked })}
                />
              }
              label={t('forms.builder.field.required')}
            />
            {fixed ? (
              <FormHelperText>{t('forms.builder.field.requiredFixed')}</FormHelperText>
            ) : null}
            {messages('is_required').length > 0 ? (
              <FormHelperText error>{messages('is_required').join(' ')}</FormHelperText>
            ) : null}
          </Box>
        ) : null}
        {MULTIPLE_TYPES.includes(field.type) ? (
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={field.is_multiple}
                  disabled={disabled}
                  onChange={(event) => patch(multipleChange(field, event.target.checked))}
                />
              }
              label={t('forms.builder.field.multiple')}
            />
            <FormHelperText>{t(`forms.builder.multipleHelp.${field.type}`)}</FormHelperText>
          </Box>
        ) : null}
      </Box>

      {field.type === 'text_field' ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <NumberSetting
            id={id('min_length')}
            label={t('forms.builder.field.minLength')}
            value={field.min_length}
            min={0}
            max={textLengthLimit(field)}
            onChange={(min_length) => patch({ min_length })}
            disabled={disabled}
            {...helper('min_length', t('forms.builder.field.minLengthHelp'))}
          />
          <NumberSetting
            id={id('max_length')}
            label={t('forms.builder.field.maxLength')}
            value={field.max_length}
            min={1}
            max={textLengthLimit(field)}
            onChange={(max_length) => patch({ max_length })}
            disabled={disabled}
            {...helper(
              'max_length',
              t('forms.builder.field.maxLengthHelp', { max: textLengthLimit(field) }),
            )}
          />
        </Box>
      ) : null}

      {field.type === 'list' ? (
        <ChoicesEditor
          choices={field.choices}
          onChange={(choices) => patch({ choices })}
          problems={exactly('choices')}
          choiceProblems={(index) => messages(`choices.${index}`)}
          disabled={disabled}
        />
      ) : null}

      {isFileType(field.type) ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <NumberSetting
            id={id('file_size')}
            label={t('forms.builder.field.fileSize')}
            value={field.file_size}
            min={1}
            max={FORM_LIMITS.fileSizeMb}
            onChange={(file_size) => patch({ file_size })}
            disabled={disabled}
            {...helper(
              'file_size',
              t('forms.builder.field.fileSizeHelp', { max: FORM_LIMITS.fileSizeMb }),
            )}
          />
          <NumberSetting
            id={id('file_count')}
            label={t('forms.builder.field.fileCount')}
            value={field.file_count}
            min={1}
            max={FORM_LIMITS.fileCount}
            onChange={(file_count) => patch({ file_count })}
            disabled={disabled}
            {...helper(
              'file_count',
              t('forms.builder.field.fileCountHelp', { max: FORM_LIMITS.fileCount }),
            )}
          />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <AcceptEditor
              id={id('accept')}
              type={field.type as FileFieldType}
              accept={field.accept}
              onChange={(accept) => patch({ accept })}
              problems={exactly('accept')}
              entryProblems={(index) => messages(`accept.${index}`)}
              disabled={disabled}
            />
          </Box>
        </Box>
      ) : null}

      {field.type === 'group_members' ? (
        <MemberFields
          fields={field.child_fields}
          onChange={(child_fields) => patch({ child_fields })}
          problems={exactly('child_fields')}
        />
      ) : null}
    </Box>
  );
}

interface NumberSettingProps {
  id: string;
  label: string;
  value: number | null;
  min: number;
  max: number;
  onChange: (value: number | null) => void;
  disabled: boolean;
  error: boolean;
  helperText: string | undefined;
}

/** A whole number that may be left empty (the default applies); the schema judges what is typed. */
function NumberSetting({ id, label, value, min, max, onChange, ...props }: NumberSettingProps) {
  return (
    <TextField
      id={id}
      type="number"
      label={label}
      value={value ?? ''}
      onChange={(event) =>
        onChange(event.target.value.trim() === '' ? null : Number(event.target.value))
      }
      slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric' } }}
      {...props}
    />
  );
}
