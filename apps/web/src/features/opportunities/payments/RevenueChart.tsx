import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { visuallyHidden } from '../../../app/shell/visuallyHidden';
import type { OpportunityRevenueQuery } from '../../../gql/graphql';
import { formatDate, formatMoney } from '../../../lib/format';
import { formatChartDay, formatScaleMoney, labelledPoints, scaleTop } from './revenue-chart';

type RevenuePoint = OpportunityRevenueQuery['opportunityRevenue']['timeline'][number];

interface RevenueChartProps {
  timeline: readonly RevenuePoint[];
  currency: string;
  decimalDigits: number;
}

const HEIGHT = 180;
/** Each day's slot: a gap, the collected bar, the refunded bar, a gap (fractions of the slot). */
const GAP = 0.15;
const BAR = 0.35;
/** A few days still get slim bars, centred, rather than bars as wide as the chart. */
const MIN_SLOTS = 12;
/** A date's box under the axis, centred on its day and kept inside the chart. */
const LABEL_WIDTH = 80;

/** A coloured square before a legend entry. */
function Swatch({ color }: { color: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: 0.5, bgcolor: color }}
    />
  );
}

/**
 * Money in and refunds per day, as bars: a small drawing of our own (the app has no chart
 * library, and one chart does not justify one). Screen readers get a summary and a table of
 * every day instead of the picture. In right-to-left languages time runs from the right.
 */
export function RevenueChart({ timeline, currency, decimalDigits }: RevenueChartProps) {
  const { t } = useTranslation('pages');
  const theme = useTheme();
  const titleId = useId();
  const svgTitleId = useId();
  const descId = useId();
  const rtl = theme.direction === 'rtl';
  const wide = useMediaQuery(theme.breakpoints.up('sm'));
  const colours = { collected: theme.palette.secondary.main, refunded: theme.palette.error.main };
  const money = (minor: number) => formatMoney(minor, currency);

  const first = timeline[0];
  const last = timeline[timeline.length - 1];
  if (!first || !last) {
    return (
      <Typography color="text.secondary">{t('opportunities.payments.chart.empty')}</Typography>
    );
  }

  const tallest = Math.max(...timeline.map((point) => Math.max(point.collected, point.refunded)));
  const top = scaleTop(tallest, decimalDigits);
  const ticks = [top, top / 2, 0];
  const slots = Math.max(timeline.length, MIN_SLOTS);
  const slot = 100 / slots;
  const offset = (slots - timeline.length) / 2;
  // Percent positions from the start of the time axis, mirrored for right-to-left reading.
  const x = (start: number, width: number) => (rtl ? 100 - start - width : start);
  const barHeight = (minor: number) => (minor > 0 ? Math.max(1, (minor / top) * HEIGHT) : 0);
  const totals = timeline.reduce(
    (sum, point) => ({
      collected: sum.collected + point.collected,
      refunded: sum.refunded + point.refunded,
    }),
    { collected: 0, refunded: 0 },
  );
  const labelled = labelledPoints(timeline.length, wide ? 5 : 3);

  return (
    <Box component="figure" aria-labelledby={titleId} sx={{ m: 0, display: 'grid', gap: 1.5 }}>
      <Box
        component="figcaption"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'baseline' }}
      >
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ flexGrow: 1 }}>
          {t('opportunities.payments.chart.title')}
        </Typography>
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', gap: 2, flexWrap: 'wrap' }}
        >
          {(['collected', 'refunded'] as const).map((series) => (
            <Box
              component="li"
              key={series}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
            >
              <Swatch color={colours[series]} />
              <Typography variant="body2">{t(`opportunities.payments.chart.${series}`)}</Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1 }}>
        <Box aria-hidden sx={{ position: 'relative', height: HEIGHT }}>
          {/* The widest mark, unseen, gives the scale its width. */}
          <Typography variant="caption" sx={{ visibility: 'hidden', whiteSpace: 'nowrap' }}>
            {formatScaleMoney(top, currency, decimalDigits)}
          </Typography>
          {ticks.map((tick) => (
            <Typography
              key={tick}
              variant="caption"
              color="text.secondary"
              sx={{
                position: 'absolute',
                right: 0,
                bottom: `${(tick / top) * 100}%`,
                transform: 'translateY(50%)',
                whiteSpace: 'nowrap',
                lineHeight: 1,
              }}
            >
              {formatScaleMoney(tick, currency, decimalDigits)}
            </Typography>
          ))}
        </Box>
        <svg
          role="img"
          aria-labelledby={svgTitleId}
          aria-describedby={descId}
          width="100%"
          height={HEIGHT}
          style={{ display: 'block', overflow: 'visible' }}
        >
          <title id={svgTitleId}>{t('opportunities.payments.chart.title')}</title>
          <desc id={descId}>
            {t('opportunities.payments.chart.summary', {
              from: formatDate(first.date),
              to: formatDate(last.date),
              collected: money(totals.collected),
              refunded: money(totals.refunded),
            })}
          </desc>
          {ticks.map((tick) => {
            const y = HEIGHT - (tick / top) * HEIGHT;
            return (
              <line
                key={tick}
                x1="0"
                x2="100%"
                y1={y}
                y2={y}
                stroke={theme.palette.divider}
                strokeWidth={1}
              />
            );
          })}
          {timeline.map((point, index) =>
            (['collected', 'refunded'] as const).map((series, position) => {
              const height = barHeight(point[series]);
              if (height === 0) return null;
              const start = (offset + index + GAP + position * BAR) * slot;
              return (
                <rect
                  key={`${point.date}-${series}`}
                  x={`${x(start, BAR * slot)}%`}
                  y={HEIGHT - height}
                  width={`${BAR * slot}%`}
                  height={height}
                  fill={colours[series]}
                >
                  <title>
                    {t(`opportunities.payments.chart.${series}Bar`, {
                      date: formatDate(point.date),
                      amount: money(point[series]),
                    })}
                  </title>
                </rect>
              );
            }),
          )}
        </svg>
        <span />
        <Box aria-hidden sx={{ position: 'relative', height: 20, overflow: 'hidden' }}>
          {labelled.map((index) => {
            const point = timeline[index];
            if (!point) return null;
            const centre = (offset + index + 0.5) * slot;
            return (
              <Typography
                key={point.date}
                variant="caption"
                color="text.secondary"
                sx={{
                  position: 'absolute',
                  top: 0,
                  width: LABEL_WIDTH,
                  textAlign: 'center',
                  whiteSpace: 'nowrap',
                  // Written as "left": the right-to-left style sheet mirrors it, as the bars are.
                  left: `clamp(0px, calc(${centre}% - ${LABEL_WIDTH / 2}px), calc(100% - ${LABEL_WIDTH}px))`,
                }}
              >
                {formatChartDay(point.date)}
              </Typography>
            );
          })}
        </Box>
      </Box>
      <Box component="table" sx={visuallyHidden}>
        <caption>{t('opportunities.payments.chart.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('opportunities.payments.chart.day')}</th>
            <th scope="col">{t('opportunities.payments.chart.collected')}</th>
            <th scope="col">{t('opportunities.payments.chart.refunded')}</th>
          </tr>
        </thead>
        <tbody>
          {timeline.map((point) => (
            <tr key={point.date}>
              <th scope="row">{formatDate(point.date)}</th>
              <td>{money(point.collected)}</td>
              <td>{money(point.refunded)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
