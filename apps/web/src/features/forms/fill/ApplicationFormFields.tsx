import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { flattenFields, type AnswerValue, type Answers, type FormField } from '@encore/core';
import { ApplicationFormLookupsDocument } from '../../../gql/graphql';
import { answerAt, pathKey, withAnswerAt, type AnswerPath } from './answer-shape';
import {
  FillContext,
  type FillContextValue,
  type FormFile,
  type LookupChoice,
} from './fill-context';
import { Questions } from './Questions';
import { validateAnswers, type AnswerMessages, type Translate } from './validate-answers';

export type { FormFile } from './fill-context';

export interface ApplicationFormFieldsProps {
  fields: readonly FormField[];
  /** The form's `max_members`. */
  maxMembers?: number | null;
  value: Answers;
  /** Every change, with the whole answers; several uploads finishing at once each build on the last. */
  onChange: (next: Answers) => void;
  /** What is known about the files the answers point at, by id. */
  files: Readonly<Record<string, FormFile>>;
  /** Files uploaded here, once each upload has finished. */
  onFilesAdded?: (files: FormFile[]) => void;
  /**
   * The server's validation map (`answers.group_members.1.full_name`, with or without `input.`).
   * A message goes away once its answer is changed, until the next map.
   */
  errors?: Readonly<Record<string, readonly string[]>>;
  /** Check the answers as for submission and show what is missing or wrong. */
  showErrors: boolean;
  /** Bump after a refused submission: the first question with a message gets the focus. */
  focusRequest?: number;
  disabled?: boolean;
  /** The level of the form's headings (h4 questions); members' titles sit one below. */
  headingLevel?: 2 | 3 | 4;
}

const SERVER_PREFIX = /^(?:input\.)?answers(?:\.|$)/;

const FOCUSABLE =
  'input:not([type="hidden"]):not([hidden]):not(:disabled), textarea:not(:disabled), select:not(:disabled), button:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** Moves to the first question with a message (in page order) and brings it into view. */
export function focusFirstInvalidAnswer(root: ParentNode | null = document): boolean {
  const question = root?.querySelector<HTMLElement>('[data-invalid="true"]');
  if (!question) return false;
  question.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
  question.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  return true;
}

function messagesFor(
  sources: readonly AnswerMessages[],
  path: AnswerPath,
  within: boolean,
): string[] {
  const key = pathKey(path);
  const found = sources.flatMap((source) =>
    Object.entries(source).flatMap(([messagePath, list]) =>
      messagePath === key || (within && messagePath.startsWith(`${key}.`)) ? list : [],
    ),
  );
  return [...new Set(found)];
}

/**
 * An application form's questions, answered under the parent's control (it autosaves `value` as a
 * draft). Files upload as soon as they are chosen; the answers hold their ids.
 */
export function ApplicationFormFields({
  fields,
  maxMembers,
  value,
  onChange,
  files,
  onFilesAdded,
  errors,
  showErrors,
  focusRequest,
  disabled = false,
  headingLevel = 3,
}: ApplicationFormFieldsProps) {
  const { t } = useTranslation('pages');
  const translate: Translate = useCallback((key, options) => t(key, options), [t]);
  const container = useRef<HTMLDivElement>(null);

  // Updates that land before the parent has rendered the last one (two uploads finishing
  // together) must build on it rather than on the value of the last render.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);

  const [edited, setEdited] = useState({ errors, paths: new Set<string>() });
  if (edited.errors !== errors) setEdited({ errors, paths: new Set() });

  const serverMessages = useMemo(() => {
    const messages: AnswerMessages = {};
    for (const [key, list] of Object.entries(errors ?? {})) {
      const path = key.replace(SERVER_PREFIX, '');
      if ([...edited.paths].some((done) => path === done || path.startsWith(`${done}.`))) continue;
      messages[path] = [...(messages[path] ?? []), ...list];
    }
    return messages;
  }, [errors, edited]);

  const clientMessages = useMemo(
    () => (showErrors ? validateAnswers(fields, value, maxMembers, translate) : {}),
    [showErrors, fields, value, maxMembers, translate],
  );

  const needsLookups = useMemo(
    () =>
      flattenFields(fields).some(
        (field) => field.type === 'genres' || field.type === 'instruments',
      ),
    [fields],
  );
  const lookups = useQuery(ApplicationFormLookupsDocument, { skip: !needsLookups });
  const genres = useMemo<LookupChoice[]>(
    () => (lookups.data?.genres ?? []).map((genre) => ({ value: genre.slug, label: genre.name })),
    [lookups.data],
  );
  const instruments = useMemo<LookupChoice[]>(
    () =>
      (lookups.data?.instruments ?? []).flatMap((family) =>
        family.children.map((instrument) => ({
          value: instrument.slug,
          label: instrument.name,
          group: family.name,
        })),
      ),
    [lookups.data],
  );

  const [uploaded, setUploaded] = useState<Record<string, FormFile>>({});
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const previewUrls = useRef<string[]>([]);
  useEffect(() => {
    const urls = previewUrls.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const update = useCallback(
    (path: AnswerPath, change: (current: AnswerValue | undefined) => AnswerValue | undefined) => {
      const key = pathKey(path);
      setEdited((current) =>
        current.paths.has(key) ? current : { ...current, paths: new Set(current.paths).add(key) },
      );
      const before = latest.current;
      const next = withAnswerAt(before, path, change(answerAt(before, path)));
      latest.current = next;
      onChange(next);
    },
    [onChange],
  );

  const addFiles = useCallback(
    (added: FormFile[], addedPreviews: Record<string, string>) => {
      previewUrls.current.push(...Object.values(addedPreviews));
      setUploaded((current) => ({
        ...current,
        ...Object.fromEntries(added.map((file) => [file.id, file])),
      }));
      setPreviews((current) => ({ ...current, ...addedPreviews }));
      onFilesAdded?.(added);
    },
    [onFilesAdded],
  );

  const context = useMemo<FillContextValue>(() => {
    const messagesAt = (path: AnswerPath, within = false) =>
      messagesFor([clientMessages, serverMessages], path, within);
    return {
      answers: value,
      disabled,
      maxMembers,
      headingLevel,
      messagesAt,
      update,
      files: { ...uploaded, ...files },
      addFiles,
      previews,
      genres,
      instruments,
      lookupsLoading: lookups.loading,
    };
  }, [
    value,
    disabled,
    maxMembers,
    headingLevel,
    clientMessages,
    serverMessages,
    update,
    uploaded,
    files,
    addFiles,
    previews,
    genres,
    instruments,
    lookups.loading,
  ]);

  useEffect(() => {
    if (focusRequest) focusFirstInvalidAnswer(container.current);
  }, [focusRequest]);
  useEffect(() => {
    if (errors && Object.keys(errors).length > 0) focusFirstInvalidAnswer(container.current);
  }, [errors]);

  // Messages about the answers as a whole (a question the form no longer asks).
  const formMessages = messagesFor([clientMessages, serverMessages], [], false);

  return (
    <FillContext value={context}>
      <Box ref={container} sx={{ display: 'grid', gap: 3 }}>
        {formMessages.length > 0 ? (
          <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
            {formMessages.join('\n')}
          </Alert>
        ) : null}
        <Questions fields={fields} path={[]} />
      </Box>
    </FillContext>
  );
}
