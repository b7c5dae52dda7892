import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { NewTabHint } from './NewTabHint';
import { Section } from './Section';

type VideoLink = OpportunityFieldsFragment['video_links'][number];

/** Brand names are not translated. */
const PROVIDERS: Record<string, string> = { youtube: 'YouTube', vimeo: 'Vimeo', loom: 'Loom' };

/** A 16:9 box on dark grey, the player's place before and after it loads. */
const frameBox = {
  position: 'relative',
  aspectRatio: '16 / 9',
  bgcolor: 'grey.900',
  borderRadius: 1,
  overflow: 'hidden',
} as const;

interface VideoPlayerProps {
  embedUrl: string;
  title: string;
  playLabel: string;
}

/**
 * The provider's player loads only when the visitor presses play: until then the page makes no
 * request to the provider (a heavy third-party player on every visit, and a visitor's address
 * handed to it before they chose to watch).
 */
function VideoPlayer({ embedUrl, title, playLabel }: VideoPlayerProps) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  if (!playing) {
    return (
      <ButtonBase
        onClick={() => setPlaying(true)}
        sx={{ ...frameBox, display: 'flex', width: '100%', color: 'common.white', gap: 1 }}
      >
        <PlayCircleIcon sx={{ fontSize: 64 }} />
        <Typography component="span" variant="subtitle1">
          {playLabel}
        </Typography>
      </ButtonBase>
    );
  }
  const autoplaying = new URL(embedUrl);
  autoplaying.searchParams.set('autoplay', '1');
  return (
    <Box sx={frameBox}>
      <Box
        component="iframe"
        ref={frame}
        src={autoplaying.href}
        title={title}
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
      />
    </Box>
  );
}

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
          const label = { number: index + 1, total: videos.length, provider };
          return (
            <Box key={`${video.provider}-${video.id}`}>
              <VideoPlayer
                embedUrl={video.embed_url}
                title={t('opportunities.public.videos.frame', label)}
                playLabel={t('opportunities.public.videos.play', label)}
              />
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
