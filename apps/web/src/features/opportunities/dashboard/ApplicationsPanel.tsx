import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { Section } from '../public/Section';

/** The opportunity's applications; until it receives some, what to expect. */
export function ApplicationsPanel({ opportunity }: { opportunity: OpportunityFieldsFragment }) {
  const { t } = useTranslation('pages');
  const published = opportunity.opp_status !== 'DRAFT' && opportunity.opp_status !== 'SCHEDULED';
  return (
    <Section title={t('opportunities.dashboard.applications.title')}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <InboxOutlinedIcon color="disabled" sx={{ fontSize: 40 }} aria-hidden />
        <Box>
          <Typography sx={{ fontWeight: 500 }}>
            {t('opportunities.dashboard.applications.empty')}
          </Typography>
          <Typography color="text.secondary">
            {published
              ? t('opportunities.dashboard.applications.hint')
              : t('opportunities.dashboard.applications.hintUnpublished')}
          </Typography>
        </Box>
      </Box>
    </Section>
  );
}
