import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { OpportunityStatusChip } from '../components/OpportunityStatusChip';

interface OpportunityHeaderProps {
  opportunity: OpportunityFieldsFragment;
}

/** Who offers it, the title (the page's h1), its status and kinds, and the summary. */
export function OpportunityHeader({ opportunity }: OpportunityHeaderProps) {
  const { t } = useTranslation('pages');
  const { organisation } = opportunity;
  const picture = opportunity.logo ?? organisation.logo;
  return (
    <Box component="header" sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <Avatar
          variant="rounded"
          src={picture?.thumb ?? picture?.url ?? undefined}
          alt=""
          sx={{ width: 48, height: 48, bgcolor: 'primary.light' }}
        >
          <BusinessIcon aria-hidden />
        </Avatar>
        <Typography color="text.secondary">
          {/* The organisation's page is open to visitors too. */}
          <Link component={RouterLink} to={`/organisation/${organisation.slug}`} underline="hover">
            {organisation.name}
          </Link>
        </Typography>
      </Box>
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, overflowWrap: 'anywhere' }}
      >
        {opportunity.title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <OpportunityStatusChip status={opportunity.opp_status} size="medium" />
        {opportunity.types.map((type) => (
          <Chip key={type} label={t(`opportunities.types.${type}`)} />
        ))}
        {opportunity.is_private ? (
          <Chip variant="outlined" label={t('opportunities.public.private')} />
        ) : null}
      </Box>
      {opportunity.summary ? (
        <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
          {opportunity.summary}
        </Typography>
      ) : null}
    </Box>
  );
}
