import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { OPPORTUNITY_LIMITS, parseVideoLink } from '@encore/core';
import { PICTURE_TYPES, PictureUpload } from '../../../../components/PictureUpload';
import { FileListUpload } from './FileListUpload';
import type { StepProps } from './step-props';

const MEDIA_TYPES = `${PICTURE_TYPES},audio/*,video/*`;

interface MediaStepProps extends StepProps {
  onUploadingChange: (uploading: boolean) => void;
}

function VideoLinks({ draft, change, errors }: StepProps) {
  const { t } = useTranslation('pages');
  const links = draft.video_links;
  const setLink = (index: number, value: string) =>
    change({ video_links: links.map((link, at) => (at === index ? value : link)) });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('opportunities.wizard.fields.video_links')}
      </Typography>
      {links.map((link, index) => {
        const recognised = link.trim() === '' ? null : parseVideoLink(link);
        const problem =
          errors[`video_links.${index}`] ??
          (link.trim() !== '' && !recognised
            ? t('opportunities.wizard.media.videoUnknown')
            : undefined);
        return (
          <Box key={index} sx={{ display: 'grid', gap: 1 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                id={`video-link-${index}`}
                name={`video_links.${index}`}
                label={t('opportunities.wizard.media.videoLink', { number: index + 1 })}
                type="url"
                fullWidth
                value={link}
                onChange={(event) => setLink(index, event.target.value)}
                error={Boolean(problem)}
                helperText={problem ?? t('opportunities.wizard.media.videoHelp')}
              />
              <IconButton
                aria-label={t('opportunities.wizard.media.removeVideo', { number: index + 1 })}
                onClick={() => change({ video_links: links.filter((_, at) => at !== index) })}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Box>
            {recognised ? (
              <Box
                component="iframe"
                src={recognised.embedUrl}
                title={t('opportunities.wizard.media.videoPreview', { number: index + 1 })}
                loading="lazy"
                allow="fullscreen; picture-in-picture"
                sx={{
                  width: { xs: '100%', sm: 360 },
                  aspectRatio: '16 / 9',
                  border: 0,
                  borderRadius: 1,
                }}
              />
            ) : null}
          </Box>
        );
      })}
      {errors.video_links && links.length === 0 ? (
        <Typography color="error" variant="body2">
          {errors.video_links}
        </Typography>
      ) : null}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => change({ video_links: [...links, ''] })}
          disabled={links.length >= OPPORTUNITY_LIMITS.videoLinksMax}
        >
          {t('opportunities.wizard.media.addVideo')}
        </Button>
      </Box>
    </Box>
  );
}

/** Logo, gallery pictures, media files (audio, video, pictures) and video links. */
export function MediaStep(props: MediaStepProps) {
  const { draft, change, errors, saved, onUploadingChange } = props;
  const { t } = useTranslation('pages');
  const savedLogo = saved?.logo ?? null;
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <PictureUpload
        label={t('opportunities.wizard.fields.logo')}
        purpose="LOGO"
        shape="square"
        current={savedLogo ? (savedLogo.thumb ?? savedLogo.url) : null}
        onChange={(fileId) =>
          change({ logo_file_id: fileId === undefined ? (savedLogo?.id ?? null) : fileId })
        }
        hint={t('opportunities.wizard.media.logoHelp')}
        error={errors.logo_file_id}
        onUploadingChange={onUploadingChange}
      />
      <FileListUpload
        label={t('opportunities.wizard.fields.gallery')}
        hint={t('opportunities.wizard.media.galleryHelp', { max: OPPORTUNITY_LIMITS.galleryMax })}
        purpose="GALLERY"
        accept={PICTURE_TYPES}
        files={draft.gallery}
        max={OPPORTUNITY_LIMITS.galleryMax}
        onChange={(gallery) => change({ gallery })}
        error={errors.gallery_file_ids}
        onUploadingChange={onUploadingChange}
      />
      <FileListUpload
        label={t('opportunities.wizard.fields.media')}
        hint={t('opportunities.wizard.media.mediaHelp', { max: OPPORTUNITY_LIMITS.mediaMax })}
        purpose="MEDIA"
        accept={MEDIA_TYPES}
        files={draft.media}
        max={OPPORTUNITY_LIMITS.mediaMax}
        onChange={(media) => change({ media })}
        error={errors.media_file_ids}
        onUploadingChange={onUploadingChange}
      />
      <VideoLinks {...props} />
    </Box>
  );
}
