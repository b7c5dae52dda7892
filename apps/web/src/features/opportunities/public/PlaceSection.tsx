import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import LanguageIcon from '@mui/icons-material/Language';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { NewTabHint } from './NewTabHint';
import { Section } from './Section';

function mapLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}

/** Where it happens: the venue's address, online, or anywhere in the world. */
export function PlaceSection({ opportunity }: { opportunity: OpportunityFieldsFragment }) {
  const { t } = useTranslation('pages');
  const { city, is_virtual: virtual, is_worldwide: worldwide } = opportunity;
  const country = city?.country.name ?? opportunity.country?.name;
  const address = [
    opportunity.venue,
    opportunity.street,
    [city?.name, country].filter(Boolean).join(', '),
  ].filter((line): line is string => Boolean(line));
  const point = opportunity.location ?? city;

  return (
    <Section title={t('opportunities.public.place.title')}>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {address.length > 0 ? (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <PlaceOutlinedIcon color="action" aria-hidden />
            <Box component="address" sx={{ fontStyle: 'normal' }}>
              {address.map((line, index) => (
                <Typography key={index} sx={index === 0 ? { fontWeight: 500 } : undefined}>
                  {line}
                </Typography>
              ))}
              {point ? (
                <Link
                  href={mapLink(point.latitude, point.longitude)}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="body2"
                >
                  {t('opportunities.public.place.map')}
                  <NewTabHint />
                </Link>
              ) : null}
            </Box>
          </Box>
        ) : null}
        {virtual ? (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <VideocamOutlinedIcon color="action" aria-hidden />
            <Typography>{t('opportunities.public.place.online')}</Typography>
          </Box>
        ) : null}
        {worldwide ? (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <LanguageIcon color="action" aria-hidden />
            <Typography>{t('opportunities.public.place.worldwide')}</Typography>
          </Box>
        ) : null}
        {address.length === 0 && !virtual && !worldwide ? (
          <Typography color="text.secondary">{t('opportunities.public.place.none')}</Typography>
        ) : null}
      </Box>
    </Section>
  );
}
