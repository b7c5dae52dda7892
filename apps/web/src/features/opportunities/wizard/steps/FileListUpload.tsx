import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import type { FilePurpose } from '../../../../gql/graphql';
import { describeGraphQLError } from '../../../../lib/graphql-errors';
import { uploadFile } from '../../../../lib/upload-file';
import type { DraftFile } from '../opportunity-draft';

interface FileListUploadProps {
  label: string;
  hint: string;
  purpose: FilePurpose;
  accept: string;
  files: DraftFile[];
  max: number;
  onChange: (files: DraftFile[]) => void;
  error?: string;
  onUploadingChange?: (uploading: boolean) => void;
}

/** Several files uploaded one after the other (the server sniffs type and checks size). */
export function FileListUpload({
  label,
  hint,
  purpose,
  accept,
  files,
  max,
  onChange,
  error,
  onUploadingChange,
}: FileListUploadProps) {
  const { t } = useTranslation('pages');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<unknown>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []).slice(0, max - files.length);
    event.target.value = '';
    if (chosen.length === 0) return;
    setUploadError(null);
    setUploading(true);
    onUploadingChange?.(true);
    const added: DraftFile[] = [];
    try {
      for (const file of chosen) {
        const uploaded = await uploadFile(file, purpose);
        added.push({
          id: uploaded.id,
          name: uploaded.name,
          url: uploaded.path,
          thumb: uploaded.thumb,
        });
      }
    } catch (caught) {
      setUploadError(caught);
    } finally {
      // Files uploaded before a refusal are kept.
      if (added.length > 0) onChange([...files, ...added]);
      setUploading(false);
      onUploadingChange?.(false);
    }
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {files.length > 0 ? (
        <Box component="ul" sx={{ p: 0, m: 0, mb: 1, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {files.map((file) => (
            <Box
              component="li"
              key={file.id}
              sx={{
                listStyle: 'none',
                width: 120,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                overflow: 'hidden',
                position: 'relative',
              }}
            >
              {file.thumb ? (
                <Box
                  component="img"
                  src={file.thumb}
                  alt={file.name}
                  sx={{ width: '100%', aspectRatio: '1 / 1', objectFit: 'cover', display: 'block' }}
                />
              ) : (
                <Box
                  sx={{
                    aspectRatio: '1 / 1',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'action.hover',
                  }}
                >
                  <InsertDriveFileOutlinedIcon aria-hidden />
                </Box>
              )}
              <Typography variant="caption" noWrap component="p" sx={{ px: 0.5 }} title={file.name}>
                {file.name}
              </Typography>
              <IconButton
                size="small"
                aria-label={t('opportunities.wizard.media.removeFile', { name: file.name })}
                onClick={() => onChange(files.filter((other) => other.id !== file.id))}
                sx={{
                  position: 'absolute',
                  top: 2,
                  insetInlineEnd: 2,
                  bgcolor: 'background.paper',
                }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      ) : null}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={accept}
        multiple
        hidden
        data-purpose={purpose}
        onChange={(event) => void choose(event)}
      />
      <Button
        variant="outlined"
        onClick={() => input.current?.click()}
        disabled={uploading || files.length >= max}
      >
        {t('opportunities.wizard.media.add', { number: files.length, max })}
      </Button>
      {uploading ? (
        <LinearProgress sx={{ mt: 1 }} aria-label={t('opportunities.wizard.media.uploading')} />
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {hint}
      </Typography>
      {uploadError || error ? (
        <Alert severity="error" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {uploadError ? describeGraphQLError(uploadError, (key) => t(key)) : error}
        </Alert>
      ) : null}
    </Box>
  );
}
