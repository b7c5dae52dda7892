import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import { AppImage } from '../../../components/AppImage';
import { formatDate } from '../../../lib/format';
import { OrganisationActions } from '../components/OrganisationActions';
import { OrganisationGate, type Organisation } from '../components/OrganisationGate';
import { OrganisationLogo } from '../components/OrganisationLogo';
import { PublishedOpportunities } from '../components/PublishedOpportunities';

// The cover spans the page's content: the whole screen on a phone, at most the public
// container's 1232 px on a wide one.
const COVER_SIZES = '(min-width: 1280px) 1232px, 100vw';

function ContactLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 1 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function PublicProfile({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('pages');
  const place = [organisation.city?.name, organisation.country?.name].filter(Boolean).join(', ');
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {organisation.cover ? (
          <AppImage
            picture={{
              url: organisation.cover.path,
              width: organisation.cover.width,
              height: organisation.cover.height,
            }}
            sizes={COVER_SIZES}
            alt=""
            // The largest thing on the page's first screen: fetched first.
            loading="eager"
            fetchPriority="high"
            style={{
              display: 'block',
              width: '100%',
              height: 'auto',
              aspectRatio: '3 / 1',
              objectFit: 'cover',
            }}
          />
        ) : (
          <Box sx={{ aspectRatio: '6 / 1', bgcolor: 'primary.light' }} />
        )}
        <Box sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <OrganisationLogo name={organisation.name} logo={organisation.logo} size={80} />
          <Box sx={{ flex: 1 }}>
            {place ? <Typography color="text.secondary">{place}</Typography> : null}
            <Typography variant="body2" color="text.secondary">
              {t('organisations.page.since', { date: formatDate(organisation.created_at) })}
            </Typography>
          </Box>
        </Box>
      </Paper>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '2fr 1fr' } }}>
        <Paper variant="outlined" component="section" sx={{ p: 3 }} aria-labelledby="about-title">
          <Typography id="about-title" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('organisations.page.about', { name: organisation.name })}
          </Typography>
          <Typography
            sx={{ whiteSpace: 'pre-line' }}
            color={organisation.description ? undefined : 'text.secondary'}
          >
            {organisation.description ?? t('organisations.page.noDescription')}
          </Typography>
        </Paper>
        <Paper variant="outlined" component="section" sx={{ p: 3 }} aria-labelledby="links-title">
          <Typography id="links-title" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('organisations.page.contact')}
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
            {organisation.website ? (
              <ContactLine label={t('organisations.fields.website')}>
                <Link href={organisation.website} target="_blank" rel="noopener noreferrer">
                  {organisation.website.replace(/^https?:\/\//, '')}
                </Link>
              </ContactLine>
            ) : null}
            {organisation.social_links.map((link) => (
              <ContactLine key={link.type} label={t(`organisations.social.${link.type}`)}>
                <Link href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.url.replace(/^https?:\/\/(www\.)?/, '')}
                </Link>
              </ContactLine>
            ))}
            {organisation.email ? (
              <ContactLine label={t('organisations.fields.email')}>
                <Link href={`mailto:${organisation.email}`}>{organisation.email}</Link>
              </ContactLine>
            ) : null}
            {organisation.phone ? (
              <ContactLine label={t('organisations.fields.phone')}>
                <span dir="ltr">{organisation.phone}</span>
              </ContactLine>
            ) : null}
          </Box>
          {!organisation.website &&
          organisation.social_links.length === 0 &&
          !organisation.email &&
          !organisation.phone ? (
            <Typography color="text.secondary">{t('organisations.page.noLinks')}</Typography>
          ) : null}
          {organisation.viewerCan.view_team && (organisation.email || organisation.phone) ? (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
              {t('organisations.page.teamOnlyNote')}
            </Typography>
          ) : null}
        </Paper>
      </Box>
      <PublishedOpportunities organisation={organisation} />
    </Box>
  );
}

/** /organisation/{slug}: what anyone, signed in or not, sees of an organisation. */
export function OrganisationPublicPage() {
  const { t } = useTranslation('pages');
  return (
    <OrganisationGate
      actions={(organisation) =>
        organisation.viewerCan.view_team ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to={`/organisation/${organisation.slug}/dashboard`}
              startIcon={<DashboardOutlinedIcon />}
            >
              {t('organisations.dashboard.title')}
            </Button>
            <OrganisationActions organisation={organisation} publicPage={false} />
          </Box>
        ) : undefined
      }
    >
      {(organisation) => <PublicProfile organisation={organisation} />}
    </OrganisationGate>
  );
}
