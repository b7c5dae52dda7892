import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { NewTabHint } from './NewTabHint';
import { Section } from './Section';

type VideoLink = OpportunityFieldsFragment['video_links'][number];

/** Brand names are not translated. */
const PROVIDERS: Record<string, string> = { youtube: 'YouTube', vimeo: 'Vimeo', loom: 'Loom' };

/**
 * The organiser's videos, played in place. The server only gives embed addresses of the three
 * providers the page's Content-Security-Policy lets into frames.
 */
export function VideoEmbeds({ videos }: { videos: readonly VideoLink[] }) {
  const { t } = useTranslation('pages');
  if (videos.length === 0) return null;
  return (
    <Section title={t('opportunities.public.videos.title')}>
      <Box sx={{ display: 'grid', gap: 3 }}>
        {videos.map((video, index) => {
          const provider = PROVIDERS[video.provider] ?? video.provider;
          return (
            <Box key={`${video.provider}-${video.id}`}>
              <Box
                sx={{
                  position: 'relative',
                  aspectRatio: '16 / 9',
                  bgcolor: 'grey.900',
                  borderRadius: 1,
                  overflow: 'hidden',
                }}
              >
                <Box
                  component="iframe"
                  src={video.embed_url}
                  title={t('opportunities.public.videos.frame', {
                    number: index + 1,
                    total: videos.length,
                    provider,
                  })}
                  loading="lazy"
                  allow="fullscreen; picture-in-picture; encrypted-media"
                  allowFullScreen
                  referrerPolicy="strict-origin-when-cross-origin"
                  sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
                />
              </Box>
              <Link
                href={video.url}
                target="_blank"
                rel="noopener noreferrer"
                variant="body2"
                sx={{ display: 'inline-block', mt: 0.5 }}
              >
                {t('opportunities.public.videos.watchOn', { provider })}
                <NewTabHint />
              </Link>
            </Box>
          );
        })}
      </Box>
    </Section>
  );
}
