import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import type { OpportunityFileFieldsFragment } from '../../../gql/graphql';
import { Section } from './Section';

type MediaFile = OpportunityFileFieldsFragment;

/** Sound and video play in place; anything else (scores, riders, rules) is a download. */
function MediaItem({ file }: { file: MediaFile }) {
  if (file.mime_type.startsWith('audio/')) {
    return (
      <>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{file.name}</Typography>
        <Box
          component="audio"
          controls
          preload="none"
          src={file.url}
          aria-label={file.name}
          sx={{ width: '100%', mt: 0.5 }}
        />
      </>
    );
  }
  if (file.mime_type.startsWith('video/')) {
    return (
      <>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{file.name}</Typography>
        <Box
          component="video"
          controls
          preload="metadata"
          src={file.url}
          aria-label={file.name}
          sx={{ width: '100%', mt: 0.5, borderRadius: 1 }}
        />
      </>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <InsertDriveFileOutlinedIcon color="action" aria-hidden />
      <Link href={file.url} download={file.name} sx={{ overflowWrap: 'anywhere' }}>
        {file.name}
      </Link>
    </Box>
  );
}

/** The files the organiser attached for applicants. */
export function MediaFiles({ files }: { files: readonly MediaFile[] }) {
  const { t } = useTranslation('pages');
  if (files.length === 0) return null;
  return (
    <Section title={t('opportunities.public.media.title')}>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
        {files.map((file) => (
          <li key={file.id}>
            <MediaItem file={file} />
          </li>
        ))}
      </Box>
    </Section>
  );
}
