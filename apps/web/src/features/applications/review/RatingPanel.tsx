import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@apollo/client/react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import {
  ReviewRateApplicationDocument,
  ReviewRemoveRatingDocument,
  type ReviewApplicationFieldsFragment,
} from '../../../gql/graphql';
import { describeGraphQLError } from '../../../lib/graphql-errors';
import { formatNumber } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { PageSection } from '../components/PageSection';

/** The average so far and everyone's own rating; the viewer's own to give, change or take back. */
export function RatingPanel({ application }: { application: ReviewApplicationFieldsFragment }) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const labelId = useId();
  const { t: tc } = useTranslation();
  // The first rating can move a submitted application into review; the answer carries the
  // status and its history with the ratings, so the page needs nothing more.
  const [rate, rating] = useMutation(ReviewRateApplicationDocument);
  const [remove, removing] = useMutation(ReviewRemoveRatingDocument);
  const busy = rating.loading || removing.loading;
  const count = application.rating_count ?? 0;

  const fail = (error: unknown) => snackbar.error(describeGraphQLError(error, (key) => tc(key)));

  const setRating = async (value: number | null) => {
    const input = { application_id: application.id };
    try {
      if (value === null) {
        await remove({ variables: { input } });
        snackbar.success(t('applications.review.rating.removed'));
      } else {
        await rate({ variables: { input: { ...input, rate: value } } });
        snackbar.success(t('applications.review.rating.saved', { count: value }));
      }
    } catch (error) {
      fail(error);
    }
  };

  return (
    <PageSection
      title={t('applications.review.rating.title')}
      aside={
        <Typography color="text.secondary">
          {application.rate !== null
            ? t('applications.review.rating.average', {
                rate: formatNumber(application.rate, { maximumFractionDigits: 1 }),
                count,
              })
            : t('applications.review.rating.none')}
        </Typography>
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {application.viewer_can.rate ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography id={labelId}>{t('applications.review.rating.yours')}</Typography>
            <Rating
              name={`rating-${application.id}`}
              value={application.user_rate}
              max={5}
              disabled={busy}
              onChange={(_event, value) => void setRating(value)}
              getLabelText={(value) => t('applications.review.rating.stars', { count: value })}
              aria-labelledby={labelId}
            />
            {application.user_rate !== null ? (
              <Button size="small" onClick={() => void setRating(null)} disabled={busy}>
                {t('applications.review.rating.remove')}
              </Button>
            ) : null}
          </Box>
        ) : null}
        {application.reviews.length === 0 ? (
          <Typography color="text.secondary">{t('applications.review.rating.nobody')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
            {application.reviews.map((review, index) => {
              const name = review.user?.name ?? t('applications.review.formerMember');
              return (
                <Box
                  component="li"
                  key={review.user?.id ?? `gone-${index}`}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}
                >
                  <Avatar
                    src={review.user?.avatar?.thumb ?? review.user?.avatar?.url ?? undefined}
                    alt=""
                    sx={{ width: 32, height: 32 }}
                  >
                    {name.slice(0, 1)}
                  </Avatar>
                  <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {name}
                  </Typography>
                  <Rating
                    value={review.rate}
                    readOnly
                    size="small"
                    getLabelText={(value) =>
                      t('applications.review.rating.stars', { count: value })
                    }
                  />
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
    </PageSection>
  );
}
