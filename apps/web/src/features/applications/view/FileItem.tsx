import { visuallyHidden } from '../../../app/shell/visuallyHidden';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import type { ApplicationFileFieldsFragment } from '../../../gql/graphql';
import { downloadFile, usePrivateObjectUrl } from '../../../lib/download';
import { FileCard } from '../components/FileCard';

function ImagePreview({ file }: { file: ApplicationFileFieldsFragment }) {
  const { src } = usePrivateObjectUrl(file.thumb ?? file.url);
  return (
    <Box
      sx={{
        width: 72,
        height: 72,
        borderRadius: 1,
        bgcolor: 'action.hover',
        overflow: 'hidden',
        flexShrink: 0,
      }}
    >
      {src ? (
        <Box component="img" src={src} alt="" sx={{ width: 1, height: 1, objectFit: 'cover' }} />
      ) : null}
    </Box>
  );
}

/** A recording is fetched only when asked for: it can be large. */
function AudioPlayer({ file }: { file: ApplicationFileFieldsFragment }) {
  const { t } = useTranslation('pages');
  const { src, failed } = usePrivateObjectUrl(file.url);
  if (failed) {
    return (
      <Typography variant="body2" color="error">
        {t('applications.view.files.failed')}
      </Typography>
    );
  }
  if (!src) return <CircularProgress size={20} aria-label={t('applications.view.files.loading')} />;
  return (
    <Box
      component="audio"
      controls
      autoPlay
      src={src}
      aria-label={t('applications.view.files.listen', { name: file.name })}
      sx={{ maxWidth: '100%' }}
    />
  );
}

/** One file of an answer: a preview where it helps, and a download under its own name. */
export function FileItem({ file }: { file: ApplicationFileFieldsFragment }) {
  const { t } = useTranslation('pages');
  const [listening, setListening] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  const image = file.mime_type.startsWith('image/');
  const audio = file.mime_type.startsWith('audio/');

  const download = async () => {
    setDownloading(true);
    setFailed(false);
    try {
      await downloadFile(file.url, { fallbackName: file.name });
    } catch {
      setFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <FileCard
      file={file}
      preview={
        image ? (
          <ImagePreview file={file} />
        ) : (
          <InsertDriveFileOutlinedIcon aria-hidden color="action" />
        )
      }
      note={
        failed ? (
          <Typography variant="body2" color="error" role="alert">
            {t('applications.view.files.failed')}
          </Typography>
        ) : null
      }
    >
      {audio ? (
        listening ? (
          <AudioPlayer file={file} />
        ) : (
          <Button
            size="small"
            startIcon={<PlayArrowOutlinedIcon />}
            onClick={() => setListening(true)}
          >
            {t('applications.view.files.play')}{' '}
            {/* Named after the file for screen readers, starting with what the button shows. */}
            <Box component="span" sx={visuallyHidden}>
              {file.name}
            </Box>
          </Button>
        )
      ) : null}
      <Button
        size="small"
        startIcon={downloading ? <CircularProgress size={16} /> : <DownloadOutlinedIcon />}
        onClick={() => void download()}
        disabled={downloading}
        aria-label={t('applications.view.files.download', { name: file.name })}
      >
        {t('applications.view.files.downloadShort')}
      </Button>
    </FileCard>
  );
}
