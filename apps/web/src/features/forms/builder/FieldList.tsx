import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { FIXED_FORM_FIELDS, FORM_LIMITS, type FormField, type FormFieldType } from '@encore/core';
import { AddFieldMenu } from './AddFieldMenu';
import { useBuilder } from './builder-context';
import { FieldCard } from './FieldCard';
import {
  addField,
  addMissingTemplates,
  addableTypes,
  inOrder,
  isFixedField,
  labelChange,
  newField,
  removeField,
  reorder,
} from './form-definition';

// Constant, so that the drag context (and every card under it) is not renewed at each render.
const POINTER_OPTIONS = { activationConstraint: { distance: 5 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

interface FieldListProps {
  fields: readonly FormField[];
  onChange: (fields: FormField[]) => void;
  /** The fields asked of each band member, inside a band-members field. */
  nested: boolean;
}

/** One level of fields in order: cards to drag or move with buttons, and a menu to add one. */
export function FieldList({ fields, onChange, nested }: FieldListProps) {
  const { t } = useTranslation('pages');
  const { formType, disabled, memberDefaults } = useBuilder();
  const sorted = inOrder(fields);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [added, setAdded] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  );

  const labelOf = (id: UniqueIdentifier) =>
    sorted.find((field) => field.id === id)?.label || t('forms.builder.card.untitled');
  const positionOf = (id: UniqueIdentifier) => sorted.findIndex((field) => field.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('forms.builder.drag.pickedUp', { label: labelOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('forms.builder.drag.over', {
            label: labelOf(active.id),
            position: positionOf(over.id),
            count: sorted.length,
          })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('forms.builder.drag.dropped', {
            label: labelOf(active.id),
            position: positionOf(over.id),
            count: sorted.length,
          })
        : t('forms.builder.drag.cancelled', { label: labelOf(active.id) }),
    onDragCancel: ({ active }) => t('forms.builder.drag.cancelled', { label: labelOf(active.id) }),
  };

  // The cards are memoised, so their handlers must not change with every edit: they read the
  // fields of the latest render instead of closing over one.
  const latest = useRef({
    sorted,
    onChange,
    fixedSlugs: nested ? [] : FIXED_FORM_FIELDS[formType],
  });
  useLayoutEffect(() => {
    latest.current = { sorted, onChange, fixedSlugs: nested ? [] : FIXED_FORM_FIELDS[formType] };
  });
  const rootRef = useRef<HTMLDivElement>(null);

  const handlers = useMemo(() => {
    const move = (from: number, to: number) => {
      const { sorted: current, onChange: change } = latest.current;
      change(reorder(current, from, to));
    };
    const indexOf = (id: UniqueIdentifier) =>
      latest.current.sorted.findIndex((field) => field.id === id);
    return {
      move,
      onMove: (id: string, offset: -1 | 1) => move(indexOf(id), indexOf(id) + offset),
      onChange: (next: FormField) => {
        const { sorted: current, onChange: change, fixedSlugs } = latest.current;
        const previous = current.find((field) => field.id === next.id);
        // A new label takes the slug along while the slug is still the one the label gave.
        const relabelled =
          previous && previous.label !== next.label && previous.slug === next.slug
            ? {
                ...next,
                ...labelChange(previous, next.label, current, fixedSlugs.includes(previous.slug)),
              }
            : next;
        change(current.map((field) => (field.id === next.id ? relabelled : field)));
      },
      // Removing the focused card's button would drop the keyboard focus: give it to a neighbour.
      onRemove: (id: string) => {
        const { sorted: current, onChange: change } = latest.current;
        const index = indexOf(id);
        const neighbour = current[index - 1] ?? current[index + 1];
        change(removeField(current, id));
        requestAnimationFrame(() => {
          const root = rootRef.current;
          if (!root) return;
          const card = [...root.querySelectorAll<HTMLElement>('[data-field-id]')].find(
            (element) => element.dataset.fieldId === neighbour?.id,
          );
          const target = card
            ? card.querySelector<HTMLElement>('[data-action="edit"]')
            : root.querySelector<HTMLElement>(':scope > [data-action="add"]');
          target?.focus();
        });
      },
      onToggle: (id: string) =>
        setExpanded((open) => {
          const next = new Set(open);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          return next;
        }),
    };
  }, []);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    handlers.move(positionOf(active.id) - 1, positionOf(over.id) - 1);
  };
  const add = (type: FormFieldType) => {
    const children =
      type === 'group_members'
        ? addMissingTemplates([], memberDefaults.templates, memberDefaults.labelOf)
        : [];
    const field = newField(type, t(`forms.builder.types.${type}`), sorted, children);
    onChange(addField(sorted, field));
    setExpanded((open) => new Set(open).add(field.id));
    setAdded(field.id);
  };
  // The sortable context redraws every card when its items change identity; keep them while the
  // ids are the same.
  const idsKey = JSON.stringify(sorted.map((field) => field.id));
  const ids = useMemo(() => JSON.parse(idsKey) as string[], [idsKey]);
  const limit = nested ? FORM_LIMITS.childFields : FORM_LIMITS.fields;
  const full = sorted.length >= limit;

  return (
    <Box ref={rootRef} sx={{ display: 'grid', gap: 1.5 }}>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('forms.builder.drag.instructions') },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {sorted.map((field, index) => (
              <FieldCard
                key={field.id}
                field={field}
                index={index}
                count={sorted.length}
                fixed={!nested && isFixedField(formType, field)}
                expanded={expanded.has(field.id)}
                autoFocus={added === field.id}
                onToggle={handlers.onToggle}
                onChange={handlers.onChange}
                onRemove={handlers.onRemove}
                onMove={handlers.onMove}
              />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      <AddFieldMenu
        label={t(nested ? 'forms.builder.add.memberField' : 'forms.builder.add.field')}
        types={addableTypes(formType, sorted, nested)}
        onAdd={add}
        disabled={disabled || full}
      />
      {full ? <FormHelperText>{t('forms.builder.add.full', { max: limit })}</FormHelperText> : null}
    </Box>
  );
}
