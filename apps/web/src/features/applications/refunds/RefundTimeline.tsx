import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { RefundRequestFieldsFragment, RefundRequestStatus } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { refundStatusTone, upcomingSteps, type StepTone } from './refund-steps';

const DOT: Record<StepTone, string> = {
  success: 'success.main',
  error: 'error.main',
  warning: 'warning.main',
  info: 'info.main',
  default: 'grey.500',
};

/** Where a refund request stands, in words and colour. */
export function RefundStatusChip({
  status,
  size = 'small',
}: {
  status: RefundRequestStatus;
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation('pages');
  const tone = refundStatusTone(status);
  return (
    <Chip
      size={size}
      color={tone}
      variant={tone === 'default' ? 'outlined' : 'filled'}
      label={t(`applications.refund.status.${status}`)}
      // The palette's light info and success fills are too pale for white text (WCAG AA).
      sx={
        tone === 'info'
          ? { bgcolor: 'info.dark' }
          : tone === 'success'
            ? { bgcolor: 'success.dark' }
            : undefined
      }
    />
  );
}

/**
 * The request's steps so far, each with its time, then the steps still ahead (muted), so the
 * applicant sees what happens next: the team's answer, the refund under way, the money back.
 */
export function RefundTimeline({ request }: { request: RefundRequestFieldsFragment }) {
  const { t } = useTranslation('pages');
  const upcoming = upcomingSteps(request.status);
  const steps = [
    ...request.timeline.map((step) => ({
      key: `${step.status}-${step.at}`,
      label: t(`applications.refund.steps.${step.status}`),
      detail: formatDateTime(step.at),
      colour: DOT[refundStatusTone(step.status)],
      done: true,
    })),
    ...upcoming.map((step) => ({
      key: `next-${step}`,
      label: t(`applications.refund.next.${step}`),
      detail: t('applications.refund.next.pending'),
      colour: 'transparent',
      done: false,
    })),
  ];
  return (
    <Box
      component="ol"
      aria-label={t('applications.refund.timelineLabel')}
      sx={{ m: 0, p: 0, display: 'grid' }}
    >
      {steps.map((step, index) => (
        <Box
          component="li"
          key={step.key}
          sx={{ listStyle: 'none', display: 'grid', gridTemplateColumns: '16px 1fr', columnGap: 2 }}
        >
          <Box
            aria-hidden
            sx={{ display: 'grid', justifyItems: 'center', gridTemplateRows: '16px 1fr' }}
          >
            <Box
              sx={{
                width: 12,
                height: 12,
                mt: 0.5,
                borderRadius: '50%',
                bgcolor: step.colour,
                border: step.done ? 'none' : 2,
                borderColor: 'grey.400',
              }}
            />
            {index < steps.length - 1 ? (
              <Box sx={{ width: 2, bgcolor: 'divider', minHeight: 20 }} />
            ) : null}
          </Box>
          <Box sx={{ pb: index < steps.length - 1 ? 1.5 : 0, minWidth: 0 }}>
            <Typography
              sx={{ fontWeight: step.done ? 600 : 400 }}
              color={step.done ? 'text.primary' : 'text.secondary'}
            >
              {step.label}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {step.detail}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
