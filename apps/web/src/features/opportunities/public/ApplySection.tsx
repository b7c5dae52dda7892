import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { loginPathFor, useSession } from '../../../app/session';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { formatDate, formatDateTime } from '../../../lib/format';
import { applyStateOf } from './apply-state';
import { Section } from './Section';

/** The way in: an Apply button while applications are taken, otherwise why they are not. */
export function ApplySection({ opportunity }: { opportunity: OpportunityFieldsFragment }) {
  const { t } = useTranslation('pages');
  const { status } = useSession();
  const state = applyStateOf(opportunity);
  const page = `/opportunity/${opportunity.slug}`;
  const timeZone = opportunity.time_zone;

  let body;
  switch (state.kind) {
    case 'open': {
      // Visitors log in first and come back here (the login page follows `next`).
      const anonymous = status === 'anonymous';
      body = (
        <>
          <Button
            component={RouterLink}
            to={anonymous ? loginPathFor(page, '') : `${page}/apply`}
            variant="contained"
            size="large"
            fullWidth
          >
            {t('opportunities.public.apply.button')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {anonymous
              ? t('opportunities.public.apply.loginFirst')
              : opportunity.approval_type === 'AUTO'
                ? t('opportunities.public.apply.auto')
                : t('opportunities.public.apply.review')}
          </Typography>
        </>
      );
      break;
    }
    case 'team':
      body = <Typography>{t('opportunities.public.apply.team')}</Typography>;
      break;
    case 'draft':
      body = <Typography>{t('opportunities.public.apply.draft')}</Typography>;
      break;
    case 'scheduled':
      body = (
        <Typography>
          {state.opensAt
            ? t('opportunities.public.apply.scheduled', {
                date: formatDateTime(state.opensAt, { timeZone }),
              })
            : t('opportunities.public.apply.scheduledSoon')}
        </Typography>
      );
      break;
    case 'deadlinePassed':
      body = (
        <Typography>
          {t('opportunities.public.apply.deadlinePassed', {
            date: opportunity.time_visibility.deadline_time
              ? formatDateTime(state.deadline, { timeZone })
              : formatDate(state.deadline, { timeZone }),
          })}
        </Typography>
      );
      break;
    case 'closedByHand':
      body = <Typography>{t('opportunities.public.apply.closedByHand')}</Typography>;
      break;
    case 'archived':
      body = <Typography>{t('opportunities.public.apply.archived')}</Typography>;
      break;
    case 'notOpen':
      body = <Typography>{t('opportunities.public.apply.notOpen')}</Typography>;
      break;
  }

  return <Section title={t('opportunities.public.apply.title')}>{body}</Section>;
}
