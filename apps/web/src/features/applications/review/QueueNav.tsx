import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { formatNumber } from '../../../lib/format';
import type { ReviewQueue } from './useReviewQueue';

/** Previous and next through the dashboard's list, with where this application is in it. */
export function QueueNav({ queue }: { queue: ReviewQueue }) {
  const { t } = useTranslation('pages');
  const { place, total, go } = queue;
  const { previous, next } = place;
  // Arrows point the way the text reads.
  const mirrored = { transform: useTheme().direction === 'rtl' ? 'scaleX(-1)' : undefined };
  return (
    <Box
      component="nav"
      aria-label={t('applications.review.queue.label')}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
    >
      <Button
        variant="outlined"
        startIcon={<NavigateBeforeIcon sx={mirrored} />}
        disabled={!previous}
        onClick={() => previous && go(previous)}
        aria-keyshortcuts="k"
        title={t('applications.review.queue.previousHint')}
      >
        {t('applications.review.queue.previous')}
      </Button>
      {place.at !== null && total !== null ? (
        <Typography color="text.secondary" aria-live="polite">
          {t('applications.review.queue.position', {
            position: formatNumber(place.at + 1),
            total: formatNumber(total),
          })}
        </Typography>
      ) : null}
      <Button
        variant="outlined"
        endIcon={<NavigateNextIcon sx={mirrored} />}
        disabled={!next}
        onClick={() => next && go(next)}
        aria-keyshortcuts="j"
        title={t('applications.review.queue.nextHint')}
      >
        {t('applications.review.queue.next')}
      </Button>
    </Box>
  );
}
