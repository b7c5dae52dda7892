import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/Verified';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { AppImage } from '../../../components/AppImage';
import { cityLabel } from '../../../components/city-label';
import { formatDate } from '../../../lib/format';
import type { ProfileUser } from '../profile-options';
import { instrumentKindLabel } from './InstrumentKindLabel';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function ChipList({ labels, label }: { labels: string[]; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {labels.map((text) => (
        <li key={text}>
          <Chip label={text} />
        </li>
      ))}
    </Box>
  );
}

/** True when the profile has nothing to show beyond the name. */
export function isBareProfile(user: ProfileUser): boolean {
  return (
    !user.about &&
    !user.city &&
    !user.country &&
    !user.professional_level &&
    user.genres.length === 0 &&
    user.instruments.length === 0 &&
    user.other_instruments.length === 0 &&
    user.user_types.length === 0
  );
}

interface ProfileDetailsProps {
  user: ProfileUser;
  premiumBadge: boolean;
}

/** A person's public profile; private or hidden fields (null) are simply left out. */
export function ProfileDetails({ user, premiumBadge }: ProfileDetailsProps) {
  const { t } = useTranslation('pages');
  const place = user.city ? cityLabel(user.city) : (user.country?.name ?? null);
  const avatarSrc = user.avatar?.thumb ?? user.avatar?.path;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 2, sm: 3 },
          display: 'flex',
          flexWrap: 'wrap',
          gap: 3,
          alignItems: 'center',
        }}
      >
        <Box
          sx={{
            width: 120,
            height: 120,
            borderRadius: '50%',
            overflow: 'hidden',
            flexShrink: 0,
            bgcolor: 'action.hover',
            backgroundImage: user.avatar?.placeholder
              ? `url("${user.avatar.placeholder}")`
              : undefined,
            backgroundSize: 'cover',
          }}
        >
          <AppImage
            src={avatarSrc}
            alt={t('profile.view.avatarAlt', { name: user.name })}
            width={120}
            height={120}
            style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography color="text.secondary">{user.role.display_name}</Typography>
            {premiumBadge ? (
              <Chip
                color="secondary"
                size="small"
                icon={<WorkspacePremiumIcon aria-hidden />}
                label={t('profile.view.premium')}
              />
            ) : null}
            {user.is_verified ? (
              <Chip
                size="small"
                variant="outlined"
                icon={<VerifiedIcon aria-hidden />}
                label={t('profile.view.verified')}
              />
            ) : null}
          </Box>
          {place ? <Typography data-testid="profile-place">{place}</Typography> : null}
          {user.professional_level ? (
            <Typography>
              {t(`profile.professionalLevel.${user.professional_level}`, {
                defaultValue: user.professional_level,
              })}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {t('profile.view.memberSince', { date: formatDate(user.created_at) })}
          </Typography>
          {user.email || user.phone ? (
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                gap: 0.5,
                columnGap: 2,
              }}
            >
              {user.email ? (
                <>
                  <Typography component="dt" color="text.secondary">
                    {t('profile.view.email')}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    <Link href={`mailto:${user.email}`} dir="ltr">
                      {user.email}
                    </Link>
                  </Typography>
                </>
              ) : null}
              {user.phone ? (
                <>
                  <Typography component="dt" color="text.secondary">
                    {t('profile.view.phone')}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    <Link href={`tel:${user.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
                      {user.phone}
                    </Link>
                  </Typography>
                </>
              ) : null}
            </Box>
          ) : null}
        </Box>
      </Paper>

      {user.about ? (
        <Section id="profile-about-heading" title={t('profile.view.about')}>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{user.about}</Typography>
        </Section>
      ) : null}

      {user.genres.length > 0 ? (
        <Section id="profile-genres-heading" title={t('profile.view.genres')}>
          <ChipList
            label={t('profile.view.genres')}
            labels={user.genres.map((genre) => genre.name)}
          />
        </Section>
      ) : null}

      {user.instruments.length > 0 ? (
        <Section id="profile-instruments-heading" title={t('profile.view.instruments')}>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {user.instruments.map((entry) => {
              const details = [
                entry.skill_level
                  ? t(`profile.skillLevel.${entry.skill_level}`, {
                      defaultValue: entry.skill_level,
                    })
                  : null,
                entry.type_slugs.length > 0
                  ? entry.type_slugs.map((slug) => instrumentKindLabel(t, slug)).join(', ')
                  : null,
              ].filter((part): part is string => part !== null);
              return (
                <li key={entry.instrument.slug}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {entry.instrument.name}
                  </Typography>
                  {details.length > 0 ? (
                    <Typography component="span" color="text.secondary">
                      {' · '}
                      {details.join(' · ')}
                    </Typography>
                  ) : null}
                </li>
              );
            })}
          </Box>
        </Section>
      ) : null}

      {user.other_instruments.length > 0 ? (
        <Section id="profile-other-instruments-heading" title={t('profile.view.otherInstruments')}>
          <ChipList label={t('profile.view.otherInstruments')} labels={user.other_instruments} />
        </Section>
      ) : null}

      {user.user_types.length > 0 ? (
        <Section id="profile-user-types-heading" title={t('profile.view.userTypes')}>
          <ChipList
            label={t('profile.view.userTypes')}
            labels={user.user_types.map((type) => type.name)}
          />
        </Section>
      ) : null}
    </Box>
  );
}
