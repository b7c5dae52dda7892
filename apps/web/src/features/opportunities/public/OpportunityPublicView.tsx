import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { ApplySection } from './ApplySection';
import { DatesSection } from './DatesSection';
import { DescriptionHtml } from './DescriptionHtml';
import { Gallery } from './Gallery';
import { MediaFiles } from './MediaFiles';
import { OpportunityCover } from './OpportunityCover';
import { OpportunityFacts } from './OpportunityFacts';
import { OpportunityHeader } from './OpportunityHeader';
import { PlaceSection } from './PlaceSection';
import { PriceSection } from './PriceSection';
import { Section } from './Section';
import { TeamBar } from './TeamBar';
import { VideoEmbeds } from './VideoEmbeds';

interface OpportunityPublicViewProps {
  opportunity: OpportunityFieldsFragment;
}

/**
 * Everything an applicant needs to decide, under the cover (its first picture): the practical
 * facts (apply, when, where, price) come first in reading order and on a phone, and sit beside
 * the description on a wide screen.
 */
export function OpportunityPublicView({ opportunity }: OpportunityPublicViewProps) {
  const { t } = useTranslation('pages');
  const [cover] = opportunity.gallery;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <TeamBar opportunity={opportunity} />
      {cover ? <OpportunityCover picture={cover} /> : null}
      <OpportunityHeader opportunity={opportunity} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(280px, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box
          sx={{ display: 'grid', gap: 3, gridColumn: { md: 2 }, gridRow: { md: 1 }, minWidth: 0 }}
        >
          <ApplySection opportunity={opportunity} />
          <DatesSection opportunity={opportunity} />
          <PlaceSection opportunity={opportunity} />
          <PriceSection opportunity={opportunity} />
        </Box>
        <Box
          sx={{ display: 'grid', gap: 3, gridColumn: { md: 1 }, gridRow: { md: 1 }, minWidth: 0 }}
        >
          <Section title={t('opportunities.public.about')}>
            {opportunity.description ? (
              <DescriptionHtml html={opportunity.description} />
            ) : (
              <Typography color="text.secondary">
                {t('opportunities.public.noDescription')}
              </Typography>
            )}
          </Section>
          <OpportunityFacts opportunity={opportunity} />
          <VideoEmbeds videos={opportunity.video_links} />
          <Gallery pictures={opportunity.gallery} title={opportunity.title} />
          <MediaFiles files={opportunity.media} />
        </Box>
      </Box>
    </Box>
  );
}
