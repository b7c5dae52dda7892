import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { VideoLink } from '@encore/core';

/** Brand names are not translated. */
const PROVIDERS: Record<VideoLink['provider'], string> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  loom: 'Loom',
};

/**
 * The video a link points at, played in place so the applicant sees they pasted the right one.
 * The frame's address is built by `parseVideoLink` from the recognised id, never the typed text.
 */
export function VideoPreview({ video, label }: { video: VideoLink; label: string }) {
  const { t } = useTranslation('pages');
  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: '16 / 9',
        maxWidth: 480,
        mt: 1,
        bgcolor: 'grey.900',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      <Box
        component="iframe"
        src={video.embedUrl}
        title={t('forms.fill.video.preview', { field: label, provider: PROVIDERS[video.provider] })}
        loading="lazy"
        allow="fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
      />
    </Box>
  );
}
