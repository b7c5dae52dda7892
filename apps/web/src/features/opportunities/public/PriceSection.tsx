import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { OpportunityFieldsFragment, PaymentOptionFieldsFragment } from '../../../gql/graphql';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { AnswerByPromise } from '../../applications/refunds/AnswerByPromise';
import { NewTabHint } from './NewTabHint';
import { hasPassed } from './opportunity-dates';
import { Section } from './Section';

function PaymentOption({
  option,
  timeZone,
}: {
  option: PaymentOptionFieldsFragment;
  timeZone: string;
}) {
  const { t } = useTranslation('pages');
  const ended = hasPassed(option.deadline_date);
  const until = option.deadline_date ? formatDateTime(option.deadline_date, { timeZone }) : null;
  return (
    <Box
      component="li"
      aria-label={option.title}
      sx={{
        listStyle: 'none',
        py: 1.5,
        '& + &': { borderTop: 1, borderColor: 'divider' },
        color: ended ? 'text.secondary' : undefined,
      }}
    >
      <Box
        sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', alignItems: 'baseline' }}
      >
        <Typography sx={{ fontWeight: 500 }}>{option.title}</Typography>
        <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {formatMoney(option.cost, option.currency)}
        </Typography>
      </Box>
      {option.description ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          {option.description}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {[
          option.slots !== null
            ? t('opportunities.public.price.slots', { count: option.slots })
            : null,
          until
            ? ended
              ? t('opportunities.public.price.ended', { date: until })
              : t('opportunities.public.price.until', { date: until })
            : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </Box>
  );
}

/** What applying costs: free, the options to choose from, or a fee paid on the organiser's site. */
export function PriceSection({ opportunity }: { opportunity: OpportunityFieldsFragment }) {
  const { t } = useTranslation('pages');
  let body;
  if (opportunity.payment_type === 'FREE') {
    body = <Typography>{t('opportunities.public.price.free')}</Typography>;
  } else if (opportunity.payment_type === 'PAID_EXTERNAL') {
    body = (
      <>
        <Typography>{t('opportunities.public.price.external')}</Typography>
        {opportunity.external_payment_url ? (
          <Button
            href={opportunity.external_payment_url}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon aria-hidden />}
            sx={{ mt: 1, px: 0 }}
          >
            {t('opportunities.public.price.externalLink')}
            <NewTabHint />
          </Button>
        ) : null}
      </>
    );
  } else if (opportunity.payment_options.length === 0) {
    body = <Typography color="text.secondary">{t('opportunities.public.price.notSet')}</Typography>;
  } else {
    body = (
      <>
        {opportunity.payment_options.length > 1 ? (
          <Typography color="text.secondary">{t('opportunities.public.price.choose')}</Typography>
        ) : null}
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {opportunity.payment_options.map((option) => (
            <PaymentOption key={option.id} option={option} timeZone={opportunity.time_zone} />
          ))}
        </Box>
        {opportunity.answer_by_date ? (
          <AnswerByPromise date={opportunity.answer_by_date} timeZone={opportunity.time_zone} />
        ) : null}
      </>
    );
  }
  return <Section title={t('opportunities.public.price.title')}>{body}</Section>;
}
