import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import type { ApplyOpportunityFieldsFragment } from '../../../gql/graphql';
import { formatDate, formatDateTime } from '../../../lib/format';
import { deadlineCountdown, priceLabel } from '../../opportunities/opportunity-format';
import { OrganisationLine } from '../components/OrganisationLine';

/** What an applicant keeps in mind while applying: who, until when, and for how much. */
export function ApplyFacts({ opportunity }: { opportunity: ApplyOpportunityFieldsFragment }) {
  const { t } = useTranslation('pages');
  const deadline = opportunity.deadline_date;
  const timeZone = opportunity.time_zone;
  const date = deadline
    ? opportunity.time_visibility.deadline_time
      ? formatDateTime(deadline, { timeZone })
      : formatDate(deadline, { timeZone })
    : null;
  const countdown = deadlineCountdown(deadline);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, md: 3 }, alignItems: 'center' }}>
      <OrganisationLine
        name={opportunity.organisation.name}
        picture={opportunity.logo ?? opportunity.organisation.logo}
      />
      {date ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <EventOutlinedIcon aria-hidden color="action" />
          <Typography>
            {countdown
              ? t('applications.apply.deadline', { date, countdown })
              : t('applications.apply.deadlinePassed', { date })}
          </Typography>
        </Box>
      ) : null}
      <Chip variant="outlined" label={priceLabel(opportunity, t)} />
    </Box>
  );
}
