import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';

/**
 * The dashboard's way to the payments page, for whoever manages the payments of an opportunity
 * that charges a fee; nothing for anyone else.
 */
export function PaymentsDashboardLink({
  opportunity,
}: {
  opportunity: Pick<OpportunityFieldsFragment, 'slug' | 'payment_type' | 'viewerCan'>;
}) {
  const { t } = useTranslation('pages');
  if (!opportunity.viewerCan.manage_payments || opportunity.payment_type === 'FREE') return null;
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 3 },
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
        <Typography component="h2" variant="h6">
          {t('opportunities.payments.title')}
        </Typography>
        <Typography color="text.secondary">{t('opportunities.payments.dashboardHint')}</Typography>
      </Box>
      <Button
        component={RouterLink}
        to={`/opportunity/${opportunity.slug}/payments/details`}
        variant="outlined"
        startIcon={<ReceiptLongOutlinedIcon />}
      >
        {t('opportunities.payments.open')}
      </Button>
    </Paper>
  );
}
