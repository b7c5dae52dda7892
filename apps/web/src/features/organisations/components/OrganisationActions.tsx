import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { Organisation } from './OrganisationGate';

/** The buttons at the top of the team's pages, each only when viewerCan allows it. */
export function OrganisationActions({
  organisation,
  publicPage = true,
}: {
  organisation: Organisation;
  publicPage?: boolean;
}) {
  const { t } = useTranslation('pages');
  const base = `/organisation/${organisation.slug}`;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {publicPage ? (
        <Button component={RouterLink} to={base} startIcon={<VisibilityOutlinedIcon />}>
          {t('organisations.actions.publicPage')}
        </Button>
      ) : null}
      {organisation.viewerCan.update ? (
        <Button component={RouterLink} to={`${base}/update`} startIcon={<EditIcon />}>
          {t('organisations.actions.edit')}
        </Button>
      ) : null}
      {organisation.viewerCan.create_opportunity ? (
        <Button
          variant="contained"
          component={RouterLink}
          to={`/opportunity/wizard?organisation=${encodeURIComponent(organisation.slug)}`}
          startIcon={<AddIcon />}
        >
          {t('organisations.actions.createOpportunity')}
        </Button>
      ) : null}
    </Box>
  );
}
