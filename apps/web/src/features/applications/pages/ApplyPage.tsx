import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import { applicantFormType, formTypesOf, isOneOf, FORM_TYPES, type FormType } from '@encore/core';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  ApplyFormDocument,
  ApplyOpportunityDocument,
  MyApplicationDocument,
  ProfileMeDocument,
  type ApplyOpportunityFieldsFragment,
  type PaymentOptionFieldsFragment,
} from '../../../gql/graphql';
import { applyStateOf, applyStateText } from '../../opportunities/public/apply-state';
import { useCurrentSlug } from '../../opportunities/public/useCurrentSlug';
import { isOpenDraft } from '../application-state';
import { ApplicationFiller } from '../apply/ApplicationFiller';
import { ApplyFacts } from '../apply/ApplyFacts';
import { accountTypeOf, prefillProfileOf } from '../apply/profile-prefill';
import { SentPanel } from '../apply/SentPanel';
import { Notice } from '../components/Notice';
import { PageSection } from '../components/PageSection';

interface TypeChoiceProps {
  types: readonly FormType[];
  value: FormType;
  onChange: (type: FormType) => void;
  /** A draft is saved: its form is kept (the server keeps a draft's type). */
  fixed: boolean;
}

/** On my own or with my band, for an opportunity open to both; fixed once a draft is saved. */
function TypeChoice({ types, value, onChange, fixed }: TypeChoiceProps) {
  const { t } = useTranslation('pages');
  const title = t('applications.apply.type.title');
  const hintId = useId();
  return (
    <PageSection title={title}>
      <RadioGroup
        row
        aria-label={title}
        aria-describedby={hintId}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          if (isOneOf(FORM_TYPES, next)) onChange(next);
        }}
      >
        {types.map((type) => (
          <FormControlLabel
            key={type}
            value={type}
            control={<Radio />}
            disabled={fixed}
            label={t(`applications.apply.type.${type}`)}
          />
        ))}
      </RadioGroup>
      <FormHelperText id={hintId}>{t('applications.apply.type.hint')}</FormHelperText>
    </PageSection>
  );
}

function BackToOpportunity({ slug }: { slug: string }) {
  const { t } = useTranslation('pages');
  return (
    <Button component={RouterLink} to={`/opportunity/${slug}`}>
      {t('applications.apply.backToOpportunity')}
    </Button>
  );
}

interface ApplyBodyProps {
  opportunity: ApplyOpportunityFieldsFragment;
  /** The server said the page is out of date: load the opportunity again too. */
  onStale: () => void;
}

/** Everything below the header, once the opportunity is known. */
function ApplyBody({ opportunity, onStale }: ApplyBodyProps) {
  const { t } = useTranslation('pages');
  const me = useQuery(ProfileMeDocument);
  const mine = useQuery(MyApplicationDocument, {
    variables: { opportunity: opportunity.id },
    fetchPolicy: 'cache-and-network',
  });
  const application = mine.data?.myApplication ?? null;
  const [chosenType, setChosenType] = useState<FormType | null>(null);
  const [sentHere, setSentHere] = useState<{
    paymentOption: PaymentOptionFieldsFragment | null;
  } | null>(null);
  const user = me.data?.me;
  const profile = useMemo(() => (user ? prefillProfileOf(user) : null), [user]);

  const meSettled = Boolean(me.data || me.error);
  const mineSettled = Boolean(mine.data || mine.error);
  const types = formTypesOf(opportunity.target);
  const formType =
    application?.form_type ??
    chosenType ??
    applicantFormType(opportunity.target, accountTypeOf(user));
  const formQuery = useQuery(ApplyFormDocument, {
    variables: { slug: opportunity.slug, type: formType },
    skip: !meSettled || !mineSettled,
    fetchPolicy: 'cache-and-network',
  });
  const state = applyStateOf(opportunity);
  const back = <BackToOpportunity slug={opportunity.slug} />;

  if (state.kind === 'team') {
    return (
      <Notice title={t('applications.apply.cannotTitle')} actions={back}>
        <Typography>{applyStateText(state, opportunity, t)}</Typography>
      </Notice>
    );
  }
  if (mine.error) return <LoadError error={mine.error} onRetry={() => void mine.refetch()} />;
  if (!mineSettled || !meSettled) return <LoadingBlock label={t('applications.apply.loading')} />;
  if (application && !isOpenDraft(application)) {
    return (
      <SentPanel
        application={application}
        fresh={sentHere !== null}
        paymentOption={sentHere?.paymentOption ?? null}
        externalPaymentUrl={opportunity.external_payment_url}
      />
    );
  }
  if (state.kind !== 'open') {
    return (
      <Notice
        title={t('applications.apply.closedTitle')}
        actions={
          <>
            {application ? (
              <Button component={RouterLink} to={`/application/${application.id}`}>
                {t('applications.apply.viewDraft')}
              </Button>
            ) : null}
            {back}
          </>
        }
      >
        <Typography>{applyStateText(state, opportunity, t)}</Typography>
      </Notice>
    );
  }
  if (formQuery.error) {
    return <LoadError error={formQuery.error} onRetry={() => void formQuery.refetch()} />;
  }
  if (!formQuery.data) return <LoadingBlock label={t('applications.apply.loading')} />;
  const form = formQuery.data.applicationForm;
  if (!form) {
    return (
      <Notice title={t('applications.apply.unavailableTitle')} actions={back}>
        <Typography>{t('applications.apply.unavailable')}</Typography>
      </Notice>
    );
  }
  if (!form.is_active) {
    return (
      <Notice title={t('applications.apply.inactiveTitle')} actions={back}>
        <Typography>{t('applications.apply.inactive')}</Typography>
      </Notice>
    );
  }

  const refresh = () => {
    onStale();
    void mine.refetch();
    void formQuery.refetch();
  };
  return (
    <>
      {types.length > 1 ? (
        // Kept on screen once a draft is saved, so the form below does not jump up.
        <TypeChoice
          types={types}
          value={formType}
          onChange={setChosenType}
          fixed={application !== null}
        />
      ) : null}
      <ApplicationFiller
        // Another kind of applicant answers another form, from the start.
        key={formType}
        opportunity={opportunity}
        form={form}
        formType={formType}
        application={application}
        profile={profile}
        onSubmitting={(paymentOption) => setSentHere({ paymentOption })}
        onSubmitFailed={() => setSentHere(null)}
        onConflict={refresh}
      />
    </>
  );
}

/** /opportunity/{slug}/apply: the application form, saved as a draft as it is filled in. */
export function ApplyPage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const { slug = '' } = useParams();
  const query = useQuery(ApplyOpportunityDocument, {
    variables: { slug },
    fetchPolicy: 'cache-and-network',
  });
  const opportunity = query.data?.opportunity ?? null;
  useCurrentSlug(opportunity?.slug);

  const title = opportunity
    ? t('applications.apply.title', { title: opportunity.title })
    : t('applications.apply.titleFallback');
  const breadcrumbs = [
    { label: tc('nav.opportunities'), to: '/opportunities' },
    ...(opportunity ? [{ label: opportunity.title, to: `/opportunity/${opportunity.slug}` }] : []),
    { label: t('applications.apply.crumb') },
  ];

  let body;
  if (opportunity) {
    body = (
      <>
        <ApplyFacts opportunity={opportunity} />
        <ApplyBody opportunity={opportunity} onStale={() => void query.refetch()} />
      </>
    );
  } else if (query.error) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.loading) {
    body = <LoadingBlock label={t('applications.apply.loading')} />;
  } else {
    body = (
      <EmptyState
        icon={<EventBusyOutlinedIcon fontSize="inherit" aria-hidden />}
        message={t('applications.apply.notFound')}
        hint={t('applications.apply.notFoundHint')}
        action={{ label: t('applications.apply.findOpportunities'), to: '/opportunities' }}
      />
    );
  }

  return (
    <PageFrame title={title} breadcrumbs={breadcrumbs}>
      <Box sx={{ display: 'grid', gap: 3 }}>{body}</Box>
    </PageFrame>
  );
}
