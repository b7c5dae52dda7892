import { memo, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { FormField } from '@encore/core';
import { useBuilder } from './builder-context';
import { FieldEditor } from './FieldEditor';
import { FieldTypeIcon } from './FieldTypeIcon';
import { canBeRequired } from './form-definition';
import { fieldHasProblems } from './form-errors';

interface FieldCardProps {
  field: FormField;
  index: number;
  count: number;
  fixed: boolean;
  expanded: boolean;
  autoFocus: boolean;
  onToggle: (id: string) => void;
  onChange: (field: FormField) => void;
  onRemove: (id: string) => void;
  onMove: (id: string, offset: -1 | 1) => void;
}

/**
 * One field: what it asks at a glance, ways to move and remove it, and its settings when open.
 * Memoised: typing in one field redraws that card only.
 */
export const FieldCard = memo(function FieldCard({
  field,
  index,
  count,
  fixed,
  expanded,
  autoFocus,
  onToggle,
  onChange,
  onRemove,
  onMove,
}: FieldCardProps) {
  const { t } = useTranslation('pages');
  const { disabled, problems } = useBuilder();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: field.id,
    disabled,
    attributes: { roleDescription: t('forms.builder.drag.roleDescription') },
  });
  const editorId = useId();
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const label = field.label.trim() || t('forms.builder.card.untitled');
  const hasProblems = fieldHasProblems(problems, field);
  const first = index === 0;
  const last = index === count - 1;

  // A button that becomes disabled by the move would drop the keyboard focus; hand it over.
  const moveUp = () => {
    onMove(field.id, -1);
    if (index === 1) downRef.current?.focus();
  };
  const moveDown = () => {
    onMove(field.id, 1);
    if (index === count - 2) upRef.current?.focus();
  };

  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-field-id={field.id}
      style={{
        transform: CSS.Translate.toString(transform),
        transition: transition,
      }}
      sx={{ position: 'relative', zIndex: isDragging ? 1 : undefined }}
    >
      <Paper
        variant="outlined"
        sx={{
          p: 1,
          borderColor: hasProblems ? 'error.main' : undefined,
          boxShadow: isDragging ? 4 : undefined,
        }}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <IconButton
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t('forms.builder.card.drag', { label })}
            disabled={disabled}
            sx={{ cursor: 'grab', touchAction: 'none' }}
          >
            <DragIndicatorIcon />
          </IconButton>
          <FieldTypeIcon type={field.type} color="action" />
          <Box sx={{ flex: '1 1 10rem', minWidth: 0 }}>
            <Typography component="p" variant="subtitle1" noWrap>
              {label}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
              <Typography variant="body2" color="text.secondary">
                {t(`forms.builder.types.${field.type}`)}
              </Typography>
              {canBeRequired(field.type) ? (
                <Chip
                  size="small"
                  variant="outlined"
                  label={t(
                    field.is_required
                      ? 'forms.builder.card.required'
                      : 'forms.builder.card.optional',
                  )}
                />
              ) : null}
              {fixed ? (
                <Chip
                  size="small"
                  icon={<LockOutlinedIcon />}
                  label={t('forms.builder.card.fixed')}
                />
              ) : null}
              {hasProblems ? (
                <Chip size="small" color="error" label={t('forms.builder.card.problems')} />
              ) : null}
            </Box>
          </Box>
          <Box sx={{ display: 'flex', flexShrink: 0, marginInlineStart: 'auto' }}>
            <IconButton
              ref={upRef}
              aria-label={t('forms.builder.card.moveUp', { label })}
              disabled={disabled || first}
              onClick={moveUp}
            >
              <ArrowUpwardIcon />
            </IconButton>
            <IconButton
              ref={downRef}
              aria-label={t('forms.builder.card.moveDown', { label })}
              disabled={disabled || last}
              onClick={moveDown}
            >
              <ArrowDownwardIcon />
            </IconButton>
            <IconButton
              data-action="edit"
              aria-label={t('forms.builder.card.edit', { label })}
              aria-expanded={expanded}
              aria-controls={expanded ? editorId : undefined}
              onClick={() => onToggle(field.id)}
              color={expanded ? 'primary' : 'default'}
            >
              <EditOutlinedIcon />
            </IconButton>
            {fixed ? null : (
              <IconButton
                aria-label={t('forms.builder.card.remove', { label })}
                disabled={disabled}
                onClick={() => onRemove(field.id)}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            )}
          </Box>
        </Box>
        <Collapse in={expanded} unmountOnExit>
          <Box id={editorId} sx={{ px: 1, pb: 1 }}>
            <FieldEditor field={field} fixed={fixed} autoFocus={autoFocus} onChange={onChange} />
          </Box>
        </Collapse>
      </Paper>
    </Box>
  );
});
