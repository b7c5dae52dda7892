import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import type { FilePurpose } from '../gql/graphql';
import { describeGraphQLError } from '../lib/graphql-errors';
import { uploadFile } from '../lib/upload-file';

export const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

interface PictureUploadProps {
  label: string;
  purpose: FilePurpose;
  /** The picture saved now, shown until another is chosen or it is removed. */
  current: string | null;
  /** A file id after an upload, null when removed, undefined when back to unchanged. */
  onChange: (fileId: string | null | undefined) => void;
  /** Wide (cover) or square (logo) preview. */
  shape: 'wide' | 'square';
  hint?: string;
  /** A server message about this field (e.g. a file that belongs to someone else). */
  error?: string;
  disabled?: boolean;
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * Chooses a picture, uploads it at once with uploadFile and previews it; the form saves the
 * returned file id with the rest. A refused type or size shows the server's message here.
 */
export function PictureUpload({
  label,
  purpose,
  current,
  onChange,
  shape,
  hint,
  error,
  disabled,
  onUploadingChange,
}: PictureUploadProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<unknown>(null);

  useEffect(() => {
    if (!preview?.startsWith('blob:')) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const shown = removed ? null : (preview ?? current);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    setUploading(true);
    onUploadingChange?.(true);
    try {
      const uploaded = await uploadFile(file, purpose);
      setPreview(URL.createObjectURL(file));
      setRemoved(false);
      onChange(uploaded.id);
    } catch (caught) {
      setUploadError(caught);
    } finally {
      setUploading(false);
      onUploadingChange?.(false);
    }
  };

  const remove = () => {
    setPreview(null);
    setRemoved(current !== null);
    onChange(current !== null ? null : undefined);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box
          sx={{
            width: shape === 'wide' ? { xs: '100%', sm: 320 } : 96,
            aspectRatio: shape === 'wide' ? '3 / 1' : '1 / 1',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
            overflow: 'hidden',
            display: 'grid',
            placeItems: 'center',
            color: 'text.secondary',
          }}
        >
          {shown ? (
            <Box
              component="img"
              src={shown}
              alt={t('picture.preview', { label })}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <ImageOutlinedIcon fontSize="large" aria-hidden />
          )}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            accept={PICTURE_TYPES}
            hidden
            data-purpose={purpose}
            onChange={(event) => void choose(event)}
          />
          <Button
            variant="outlined"
            onClick={() => fileInput.current?.click()}
            disabled={uploading || disabled}
          >
            {uploading ? t('picture.uploading') : shown ? t('picture.change') : t('picture.upload')}
          </Button>
          {shown ? (
            <Button color="inherit" onClick={remove} disabled={uploading || disabled}>
              {t('picture.remove')}
            </Button>
          ) : null}
        </Box>
      </Box>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {hint}
        </Typography>
      ) : null}
      {uploadError || error ? (
        <Alert severity="error" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {uploadError ? describeGraphQLError(uploadError, (key) => t(key)) : error}
        </Alert>
      ) : null}
    </Box>
  );
}
