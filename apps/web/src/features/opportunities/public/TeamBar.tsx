import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';

/** The team's way from the page applicants see to the pages where they work on it. */
export function TeamBar({ opportunity }: { opportunity: OpportunityFieldsFragment }) {
  const { t } = useTranslation('pages');
  const can = opportunity.viewerCan;
  if (!can.view_team && !can.update) return null;
  return (
    <Paper
      component="section"
      aria-label={t('opportunities.public.team.label')}
      variant="outlined"
      sx={{
        p: 1.5,
        px: 2,
        display: 'flex',
        gap: 2,
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        bgcolor: 'action.hover',
      }}
    >
      <Typography>{t('opportunities.public.team.note')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {can.update ? (
          <Button
            component={RouterLink}
            to={`/opportunity/${opportunity.slug}/edit`}
            startIcon={<EditOutlinedIcon />}
          >
            {t('opportunities.public.team.edit')}
          </Button>
        ) : null}
        {can.view_team ? (
          <Button
            component={RouterLink}
            to={`/opportunity/${opportunity.slug}/dashboard`}
            variant="contained"
            startIcon={<DashboardOutlinedIcon />}
          >
            {t('opportunities.public.team.dashboard')}
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}
