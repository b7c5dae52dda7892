import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { acceptedTypes, maxFileBytes } from '@encore/core';
import { describeGraphQLError } from '../../../lib/graphql-errors';
import { uploadFileWithProgress } from '../../../lib/upload-file';
import { asTextList } from './answer-shape';
import {
  checkChosenFiles,
  describeAccepted,
  fileLimit,
  formatFileSize,
  type FileRefusal,
} from './file-checks';
import { useFill, type FormFile } from './fill-context';
import { QuestionGroup, type QuestionProps } from './question-parts';

interface Upload {
  key: number;
  name: string;
  fraction: number;
  controller: AbortController;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Pictures, recordings and documents: chosen with a button or dropped, checked here against the
 * question's types, size and count, uploaded one request each with a progress bar and a cancel.
 */
export function FileQuestion({ field, path, value, onChange, messages, id }: QuestionProps) {
  const { t, i18n } = useTranslation('pages');
  const { disabled, files, previews, addFiles, update } = useFill();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const controllers = useRef(new Set<AbortController>());
  const lastUploadKey = useRef(0);

  // Leaving the form (or removing a band member) stops its uploads.
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const ids = asTextList(value);
  const limit = fileLimit(field);
  const locale = i18n.language;
  const size = (bytes: number) => formatFileSize(bytes, locale);
  const types = new Intl.ListFormat(locale, { type: 'disjunction' }).format(
    acceptedTypes(field).map((entry) => {
      const described = describeAccepted(entry);
      return 'family' in described
        ? t(`forms.fill.files.family.${described.family}`)
        : described.format;
    }),
  );
  const full = ids.length + uploads.length >= limit;

  const refusal = ({ file, reason }: FileRefusal) =>
    t(`forms.fill.files.refused.${reason}`, {
      name: file.name,
      field: field.label,
      types,
      size: size(file.size),
      max: size(maxFileBytes(field)),
      count: limit,
    });

  const upload = (file: File) => {
    const key = (lastUploadKey.current += 1);
    const controller = new AbortController();
    controllers.current.add(controller);
    const progress = (fraction: number) =>
      setUploads((current) =>
        current.map((item) => (item.key === key ? { ...item, fraction } : item)),
      );
    setUploads((current) => [...current, { key, name: file.name, fraction: 0, controller }]);
    uploadFileWithProgress(file, 'ATTACHMENT', progress, controller.signal)
      .then((uploaded) => {
        const added: FormFile = {
          id: uploaded.id,
          name: uploaded.name,
          size: file.size,
          mime: file.type,
          url: uploaded.path,
        };
        const preview =
          /^(image|audio)\//.test(file.type) && typeof URL.createObjectURL === 'function'
            ? { [uploaded.id]: URL.createObjectURL(file) }
            : {};
        addFiles([added], preview);
        // Several uploads may finish before the answers come back round: add to the latest.
        update(path, (current) => [...asTextList(current), uploaded.id]);
      })
      .catch((error: unknown) => {
        if (isAbort(error)) return;
        setProblems((current) => [
          ...current,
          t('forms.fill.files.failed', { name: file.name, reason: describeGraphQLError(error) }),
        ]);
      })
      .finally(() => {
        controllers.current.delete(controller);
        setUploads((current) => current.filter((item) => item.key !== key));
      });
  };

  const take = (chosen: File[]) => {
    if (chosen.length === 0) return;
    const { accepted, refused } = checkChosenFiles(field, chosen, ids.length + uploads.length);
    setProblems(refused.map(refusal));
    accepted.forEach(upload);
  };

  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(Array.from(event.dataTransfer.files));
  };

  return (
    <QuestionGroup
      id={id}
      label={field.label}
      required={field.is_required}
      messages={messages}
      disabled={disabled}
      hint={t('forms.fill.files.hint', { count: limit, types, max: size(maxFileBytes(field)) })}
    >
      {ids.length > 0 ? (
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, display: 'grid', gap: 1 }}
        >
          {ids.map((fileId) => (
            <UploadedFileRow
              key={fileId}
              file={files[fileId]}
              preview={previews[fileId]}
              fallbackName={t('forms.fill.files.unknown')}
              size={size}
              disabled={disabled}
              onRemove={() => {
                const rest = ids.filter((other) => other !== fileId);
                onChange(rest.length > 0 ? rest : undefined);
              }}
            />
          ))}
        </Box>
      ) : null}
      {uploads.length > 0 ? (
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, display: 'grid', gap: 1 }}
        >
          {uploads.map((item) => (
            <Box
              component="li"
              key={item.key}
              sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" noWrap title={item.name}>
                  {item.name}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={Math.round(item.fraction * 100)}
                  aria-label={t('forms.fill.files.uploading', { name: item.name })}
                />
              </Box>
              <IconButton
                size="small"
                aria-label={t('forms.fill.files.cancel', { name: item.name })}
                onClick={() => item.controller.abort()}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      ) : null}
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled && !full) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          p: 2,
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 1,
          borderColor: dragging ? 'primary.main' : messages.length > 0 ? 'error.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : undefined,
        }}
      >
        <input
          ref={input}
          id={id}
          name={id}
          type="file"
          hidden
          multiple={limit > 1}
          accept={acceptedTypes(field).join(',')}
          aria-label={t('forms.fill.files.input', { field: field.label })}
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            event.target.value = '';
            take(chosen);
          }}
        />
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => input.current?.click()}
          disabled={disabled || full}
          aria-describedby={messages.length > 0 ? `${id}-messages` : undefined}
        >
          {t('forms.fill.files.choose', { count: limit })}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {full
            ? t('forms.fill.files.full', { count: limit })
            : t('forms.fill.files.drop', { count: limit })}
        </Typography>
      </Box>
      {problems.length > 0 ? (
        <Alert
          severity="warning"
          onClose={() => setProblems([])}
          sx={{ mt: 1, whiteSpace: 'pre-line' }}
        >
          {problems.join('\n')}
        </Alert>
      ) : null}
    </QuestionGroup>
  );
}

interface UploadedFileRowProps {
  file: FormFile | undefined;
  preview: string | undefined;
  fallbackName: string;
  size: (bytes: number) => string;
  disabled: boolean;
  onRemove: () => void;
}

function UploadedFileRow({
  file,
  preview,
  fallbackName,
  size,
  disabled,
  onRemove,
}: UploadedFileRowProps) {
  const { t } = useTranslation('pages');
  const name = file?.name ?? fallbackName;
  const source = preview ?? file?.url ?? null;
  const image = Boolean(source && file?.mime.startsWith('image/'));
  const audio = Boolean(source && file?.mime.startsWith('audio/'));
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        p: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      {image && source ? (
        <Box
          component="img"
          src={source}
          alt=""
          sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0 }}
        />
      ) : (
        <InsertDriveFileOutlinedIcon aria-hidden color="action" />
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap title={name}>
          {name}
        </Typography>
        {file ? (
          <Typography variant="caption" color="text.secondary">
            {size(file.size)}
          </Typography>
        ) : null}
      </Box>
      {audio && source ? (
        <Box
          component="audio"
          controls
          preload="none"
          src={source}
          aria-label={t('forms.fill.files.listen', { name })}
          sx={{ maxWidth: '100%' }}
        />
      ) : null}
      <IconButton
        aria-label={t('forms.fill.files.remove', { name })}
        onClick={onRemove}
        disabled={disabled}
      >
        <DeleteOutlinedIcon />
      </IconButton>
    </Box>
  );
}
