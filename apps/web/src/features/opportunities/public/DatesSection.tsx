import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { deadlineCountdown } from '../opportunity-format';
import { Fact, FactList } from './FactList';
import { Section } from './Section';
import { ZonedDateText } from './ZonedDateText';

/** When: the deadline with the time left, the start and the end, as the organiser shows them. */
export function DatesSection({ opportunity }: { opportunity: OpportunityFieldsFragment }) {
  const { t } = useTranslation('pages');
  const { time_zone: timeZone, time_visibility: shown } = opportunity;
  const countdown = opportunity.is_open ? deadlineCountdown(opportunity.deadline_date) : null;
  const known = (
    [
      { key: 'deadline', value: opportunity.deadline_date, showTime: shown.deadline_time },
      { key: 'start', value: opportunity.start_date, showTime: shown.start_time },
      { key: 'end', value: opportunity.end_date, showTime: shown.end_time },
    ] as const
  ).flatMap((date) => (date.value ? [{ ...date, value: date.value }] : []));

  return (
    <Section title={t('opportunities.public.dates.title')}>
      {known.length === 0 ? (
        <Typography color="text.secondary">{t('opportunities.public.dates.none')}</Typography>
      ) : (
        <FactList stacked>
          {known.map((date) => (
            <Fact key={date.key} label={t(`opportunities.public.dates.${date.key}`)}>
              <ZonedDateText value={date.value} timeZone={timeZone} showTime={date.showTime} />
              {date.key === 'deadline' && countdown ? (
                <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                  {t('opportunities.public.dates.countdown', { countdown })}
                </Typography>
              ) : null}
            </Fact>
          ))}
        </FactList>
      )}
    </Section>
  );
}
