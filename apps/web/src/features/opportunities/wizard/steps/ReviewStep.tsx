import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { OpportunityFieldsFragment } from '../../../../gql/graphql';
import { formatDateTime, toDate } from '../../../../lib/format';
import type { ValidationMap } from '../../../../lib/field-errors';
import { OpportunityStatusChip } from '../../components/OpportunityStatusChip';
import { priceLabel } from '../../opportunity-format';
import { stepOfField, type WizardStep } from '../opportunity-draft';

interface ReviewStepProps {
  opportunity: OpportunityFieldsFragment;
  /** What publishing refused, by field. */
  problems: ValidationMap;
  onGoTo: (step: WizardStep) => void;
  onPublish: () => void;
  publishing: boolean;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { sm: '200px 1fr' }, gap: { sm: 2 }, py: 0.5 }}
    >
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Everything entered, what still stops publishing (with a way back to it), and Publish. */
export function ReviewStep({
  opportunity,
  problems,
  onGoTo,
  onPublish,
  publishing,
}: ReviewStepProps) {
  const { t } = useTranslation('pages');
  const f = (key: string) => t(`opportunities.wizard.fields.${key}`);
  const none = t('opportunities.wizard.review.none');
  const when = (value: string | null) =>
    value ? formatDateTime(value, { timeZone: opportunity.time_zone }) : none;
  const list = (items: readonly string[]) => (items.length ? items.join(', ') : none);
  const place = [
    opportunity.venue,
    opportunity.street,
    opportunity.city ? `${opportunity.city.name}, ${opportunity.city.country.name}` : null,
    opportunity.is_virtual ? t('opportunities.card.virtual') : null,
    opportunity.is_worldwide ? t('opportunities.card.worldwide') : null,
  ].filter((part): part is string => Boolean(part));
  const problemEntries = Object.entries(problems);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Typography>{t('opportunities.wizard.review.status')}</Typography>
        <OpportunityStatusChip status={opportunity.opp_status} />
      </Box>
      {problemEntries.length > 0 ? (
        <Alert severity="warning" role="alert">
          <Typography sx={{ mb: 1 }}>{t('opportunities.wizard.review.problems')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {problemEntries.map(([field, messages]) => (
              <li key={field}>
                {messages.join(' ')}{' '}
                <Link component="button" type="button" onClick={() => onGoTo(stepOfField(field))}>
                  {t('opportunities.wizard.review.fix', {
                    step: t(`opportunities.wizard.steps.${stepOfField(field)}`),
                  })}
                </Link>
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label={f('title')} value={opportunity.title} />
          <Row label={f('slug')} value={`/opportunity/${opportunity.slug}`} />
          <Row label={f('summary')} value={opportunity.summary ?? none} />
          <Row
            label={f('types')}
            value={list(opportunity.types.map((type) => t(`opportunities.types.${type}`)))}
          />
          <Row label={f('time_zone')} value={opportunity.time_zone} />
          <Row label={f('deadline_date')} value={when(opportunity.deadline_date)} />
          <Row label={f('publish_at')} value={when(opportunity.publish_at)} />
          <Row label={f('start_date')} value={when(opportunity.start_date)} />
          <Row label={f('end_date')} value={when(opportunity.end_date)} />
          <Row label={f('city')} value={place.length ? place.join(' · ') : none} />
          <Row
            label={f('target')}
            value={list(opportunity.target.map((target) => t(`opportunities.target.${target}`)))}
          />
          <Row label={f('genres')} value={list(opportunity.genres.map((genre) => genre.name))} />
          <Row
            label={f('instruments')}
            value={list(opportunity.instruments.map((instrument) => instrument.name))}
          />
          <Row
            label={f('gallery')}
            value={t('opportunities.wizard.review.files', {
              gallery: opportunity.gallery.length,
              media: opportunity.media.length,
              videos: opportunity.video_links.length,
            })}
          />
          <Row
            label={f('approval_type')}
            value={t(`opportunities.wizard.approval.${opportunity.approval_type}`)}
          />
          <Row
            label={f('is_private')}
            value={
              opportunity.is_private
                ? t('opportunities.wizard.review.private')
                : t('opportunities.wizard.review.public')
            }
          />
          <Row label={f('payment_type')} value={priceLabel(opportunity, t)} />
          {opportunity.answer_by_date ? (
            <Row label={f('answer_by_date')} value={when(opportunity.answer_by_date)} />
          ) : null}
        </Box>
      </Paper>
      {opportunity.opp_status === 'DRAFT' && opportunity.viewerCan.change_status ? (
        <Box>
          <Button variant="contained" size="large" onClick={onPublish} disabled={publishing}>
            {opportunity.publish_at && toDate(opportunity.publish_at) > new Date()
              ? t('opportunities.wizard.review.schedule')
              : t('opportunities.wizard.review.publish')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('opportunities.wizard.review.publishHelp')}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
