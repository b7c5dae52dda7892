import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import type { OpportunityCardFieldsFragment } from '../../../gql/graphql';
import { formatDate } from '../../../lib/format';
import { deadlineCountdown, distanceLabel, priceLabel } from '../opportunity-format';
import { OpportunityStatusChip } from './OpportunityStatusChip';

interface OpportunityCardProps {
  opportunity: OpportunityCardFieldsFragment;
  /** Where the title leads; the public page by default. */
  to?: string;
  /** Shown for lists of one's own opportunities, where drafts and closed ones appear. */
  showStatus?: boolean;
  /** Extra chips or actions at the end of the card. */
  children?: ReactNode;
  now?: number;
}

/** An opportunity in a list: organisation, place and distance, deadline countdown, price. */
export function OpportunityCard({
  opportunity,
  to = `/opportunity/${opportunity.slug}`,
  showStatus = false,
  children,
  now,
}: OpportunityCardProps) {
  const { t } = useTranslation('pages');
  const countdown = deadlineCountdown(opportunity.deadline_date, now);
  const place = opportunity.city
    ? [opportunity.city.name, opportunity.country?.name].filter(Boolean).join(', ')
    : opportunity.is_virtual
      ? t('opportunities.card.virtual')
      : opportunity.is_worldwide
        ? t('opportunities.card.worldwide')
        : null;
  const picture = opportunity.logo ?? opportunity.organisation.logo;
  // Drafts and scheduled ones do not take applications yet: their deadline is still ahead.
  const notYetOpen = opportunity.opp_status === 'DRAFT' || opportunity.opp_status === 'SCHEDULED';
  const deadlineDate = opportunity.deadline_date
    ? formatDate(opportunity.deadline_date, { timeZone: opportunity.time_zone })
    : null;

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={`opportunity-${opportunity.id}`}
      sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'flex-start' }}
    >
      <Avatar
        variant="rounded"
        src={picture?.thumb ?? picture?.url ?? undefined}
        alt=""
        sx={{ width: 56, height: 56, bgcolor: 'primary.light' }}
      >
        <EventOutlinedIcon aria-hidden />
      </Avatar>
      {/* Names and summaries are typed by people: a long word wraps rather than widen the list. */}
      <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Link
          id={`opportunity-${opportunity.id}`}
          component={RouterLink}
          to={to}
          variant="h6"
          underline="hover"
          sx={{ display: 'block' }}
        >
          {opportunity.title}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {opportunity.organisation.name}
        </Typography>
        {opportunity.summary ? (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {opportunity.summary}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
          {showStatus ? <OpportunityStatusChip status={opportunity.opp_status} /> : null}
          {place ? (
            <Chip
              size="small"
              variant="outlined"
              icon={<PlaceOutlinedIcon aria-hidden />}
              label={
                typeof opportunity.distance === 'number'
                  ? t('opportunities.card.placeDistance', {
                      place,
                      distance: distanceLabel(opportunity.distance),
                    })
                  : place
              }
            />
          ) : null}
          <Chip
            size="small"
            color="secondary"
            variant="outlined"
            label={priceLabel(opportunity, t)}
          />
          {opportunity.types.slice(0, 2).map((type) => (
            <Chip key={type} size="small" label={t(`opportunities.types.${type}`)} />
          ))}
          {opportunity.is_private ? (
            <Chip size="small" variant="outlined" label={t('opportunities.card.private')} />
          ) : null}
        </Box>
        <Typography
          variant="body2"
          sx={{ mt: 1 }}
          color={countdown ? 'text.primary' : 'text.secondary'}
        >
          {deadlineDate
            ? countdown && opportunity.is_open
              ? t('opportunities.card.deadlineIn', { countdown, date: deadlineDate })
              : countdown && notYetOpen
                ? t('opportunities.card.deadlineAhead', { date: deadlineDate })
                : t('opportunities.card.deadlinePassed', { date: deadlineDate })
            : t('opportunities.card.noDeadline')}
        </Typography>
        {children}
      </Box>
    </Paper>
  );
}
