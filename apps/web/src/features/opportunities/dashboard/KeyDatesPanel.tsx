import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { deadlineCountdown } from '../opportunity-format';
import { Fact, FactList } from '../public/FactList';
import { zoneName } from '../public/opportunity-dates';
import { Section } from '../public/Section';
import { ZonedDateText } from '../public/ZonedDateText';

const KEY_DATES = ['publish_at', 'deadline_date', 'start_date', 'end_date'] as const;
type KeyDate = (typeof KEY_DATES)[number];

/**
 * Publication, deadline, start and end with the time left. The team sees the exact times, even
 * where applicants are shown the date alone.
 */
export function KeyDatesPanel({ opportunity }: { opportunity: OpportunityFieldsFragment }) {
  const { t } = useTranslation('pages');
  const timeZone = opportunity.time_zone;

  // "in 3 days" in the reader's language, or what the date's passing means.
  const note = (key: KeyDate, value: string) =>
    deadlineCountdown(value) ?? t(`opportunities.dashboard.dates.past.${key}`);

  // Without a publication date, an opportunity goes live the moment it is published.
  const unset = (key: KeyDate) => {
    if (key !== 'publish_at') return t('opportunities.dashboard.dates.notSet');
    return opportunity.opp_status === 'DRAFT'
      ? t('opportunities.dashboard.dates.publishOnPublish')
      : t('opportunities.dashboard.dates.publishedAtOnce');
  };

  return (
    <Section title={t('opportunities.dashboard.dates.title')}>
      <FactList>
        {KEY_DATES.map((key) => {
          const value = opportunity[key];
          return (
            <Fact key={key} label={t(`opportunities.dashboard.dates.${key}`)}>
              {value ? (
                <>
                  <ZonedDateText value={value} timeZone={timeZone} />
                  <Typography
                    component="span"
                    variant="body2"
                    sx={{ display: 'block', fontWeight: 500 }}
                  >
                    {note(key, value)}
                  </Typography>
                </>
              ) : (
                <Typography color="text.secondary">{unset(key)}</Typography>
              )}
            </Fact>
          );
        })}
      </FactList>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('opportunities.dashboard.dates.zone', { zone: zoneName(timeZone), id: timeZone })}
      </Typography>
    </Section>
  );
}
