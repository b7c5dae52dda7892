import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { useHydrated } from '../../../lib/use-hydrated';
import { viewerTimeZone } from '../opportunity-format';
import { zonedDate, zoneName } from './opportunity-dates';

interface ZonedDateTextProps {
  value: string;
  timeZone: string;
  showTime?: boolean;
}

/**
 * A date in the opportunity's time zone, named, and below it the same moment in the reader's
 * zone when that reads differently: applicants abroad need both.
 */
export function ZonedDateText({ value, timeZone, showTime = true }: ZonedDateTextProps) {
  const { t } = useTranslation('pages');
  // The reader's zone is the browser's: not known to the server, so added after hydration.
  const hydrated = useHydrated();
  const date = zonedDate(value, {
    timeZone,
    showTime,
    ...(hydrated ? {} : { viewerZone: timeZone }),
  });
  return (
    <>
      <Typography component="span" sx={{ display: 'block' }}>
        <time dateTime={date.iso}>{date.local}</time>{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          {t('opportunities.public.dates.zone', { zone: zoneName(timeZone) })}
        </Typography>
      </Typography>
      {date.viewer ? (
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: 'block' }}
        >
          {t('opportunities.public.dates.viewer', {
            date: date.viewer,
            zone: zoneName(viewerTimeZone()),
          })}
        </Typography>
      ) : null}
    </>
  );
}
