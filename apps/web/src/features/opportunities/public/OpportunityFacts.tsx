import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { OpportunityFieldsFragment } from '../../../gql/graphql';
import { currentLocale } from '../../../lib/i18n';
import { Fact, FactList } from './FactList';
import { Section } from './Section';

/** "Portuguese" for `pt`, in the reader's language; the code when the runtime has no name. */
function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Who the opportunity is for: style, instruments, kind of act, level, languages, ages, origin. */
export function OpportunityFacts({ opportunity }: { opportunity: OpportunityFieldsFragment }) {
  const { t } = useTranslation('pages');
  const locale = currentLocale();
  const list = (items: string[]) =>
    items.length > 0 ? (
      <Typography>{new Intl.ListFormat(locale, { type: 'conjunction' }).format(items)}</Typography>
    ) : (
      <Typography color="text.secondary">{t('opportunities.public.facts.any')}</Typography>
    );
  const { min_age: min, max_age: max } = opportunity;
  const ages =
    min !== null && max !== null
      ? t('opportunities.public.facts.ageRange', { min, max })
      : min !== null
        ? t('opportunities.public.facts.ageMin', { min })
        : max !== null
          ? t('opportunities.public.facts.ageMax', { max })
          : null;

  return (
    <Section title={t('opportunities.public.facts.title')}>
      <FactList>
        <Fact label={t('opportunities.public.facts.target')}>
          {list(opportunity.target.map((target) => t(`opportunities.target.${target}`)))}
        </Fact>
        <Fact label={t('opportunities.public.facts.genres')}>
          {list(opportunity.genres.map((genre) => genre.name))}
        </Fact>
        <Fact label={t('opportunities.public.facts.instruments')}>
          {list(opportunity.instruments.map((instrument) => instrument.name))}
        </Fact>
        <Fact label={t('opportunities.public.facts.experience')}>
          {list(
            opportunity.experience_level.map((level) =>
              t(`profile.professionalLevel.${level}`, { defaultValue: level }),
            ),
          )}
        </Fact>
        <Fact label={t('opportunities.public.facts.languages')}>
          {list(opportunity.languages.map((code) => languageName(code, locale)))}
        </Fact>
        <Fact label={t('opportunities.public.facts.ages')}>
          {ages ? (
            <Typography>{ages}</Typography>
          ) : (
            <Typography color="text.secondary">{t('opportunities.public.facts.anyAge')}</Typography>
          )}
        </Fact>
        <Fact label={t('opportunities.public.facts.countries')}>
          {opportunity.target_countries.length > 0 ? (
            list(opportunity.target_countries.map((country) => country.name))
          ) : (
            <Typography color="text.secondary">
              {t('opportunities.public.facts.anyCountry')}
            </Typography>
          )}
        </Fact>
      </FactList>
    </Section>
  );
}
