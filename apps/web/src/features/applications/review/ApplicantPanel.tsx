import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import type { ReviewApplicationFieldsFragment } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { ApplicationStatusChip } from '../components/ApplicationStatusChip';
import { PageSection } from '../components/PageSection';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </div>
  );
}

/** Who applied (unless the review is blind), how, and where the application stands. */
export function ApplicantPanel({ application }: { application: ReviewApplicationFieldsFragment }) {
  const { t } = useTranslation('pages');
  const submitted = application.submitted_at ?? application.created_at;
  return (
    <PageSection title={t('applications.review.applicant.title')}>
      {application.is_blind ? (
        <Alert severity="info" icon={<VisibilityOffOutlinedIcon />} sx={{ mb: 2 }}>
          {t('applications.review.applicant.blind')}
        </Alert>
      ) : null}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {application.is_blind ? (
          <Fact label={t('applications.review.applicant.name')}>
            <Typography color="text.secondary">{t('applications.review.hidden')}</Typography>
          </Fact>
        ) : (
          <>
            {application.artist_name ? (
              <Fact label={t('applications.review.applicant.artistName')}>
                <Typography>{application.artist_name}</Typography>
              </Fact>
            ) : null}
            <Fact label={t('applications.review.applicant.name')}>
              <Typography>{application.name ?? '—'}</Typography>
            </Fact>
            {application.email ? (
              <Fact label={t('applications.review.applicant.email')}>
                <Link href={`mailto:${application.email}`}>{application.email}</Link>
              </Fact>
            ) : null}
            {application.address ? (
              <Fact label={t('applications.review.applicant.address')}>
                <Typography sx={{ whiteSpace: 'pre-line' }}>{application.address}</Typography>
              </Fact>
            ) : null}
          </>
        )}
        <Fact label={t('applications.review.applicant.form')}>
          <Typography>
            {t(`applications.review.applicant.formType.${application.form_type}`)}
          </Typography>
        </Fact>
        <Fact label={t('applications.review.applicant.status')}>
          <ApplicationStatusChip status={application.status} />
        </Fact>
        <Fact label={t('applications.review.applicant.submitted')}>
          <Typography>{formatDateTime(submitted)}</Typography>
        </Fact>
        {application.payment_status ? (
          <Fact label={t('applications.review.applicant.payment')}>
            <Typography>
              {t(`applications.review.payment.${application.payment_status}`)}
            </Typography>
          </Fact>
        ) : null}
      </Box>
    </PageSection>
  );
}
