import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import EditIcon from '@mui/icons-material/Edit';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import {
  ProfilePremiumDocument,
  ProfileUserDocument,
  ProfileViewerDocument,
} from '../../../gql/graphql';
import { DASHBOARD_PATH } from '../../../lib/constants';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { ProfileDetails, isBareProfile } from '../components/ProfileDetails';

function isNotFound(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((item) => item.extensions?.category === 'not-found')
  );
}

/** /:id/profile: a person's public profile. */
export function ProfileViewPage() {
  const { t } = useTranslation('pages');
  const { id = '' } = useParams();
  const profile = useQuery(ProfileUserDocument, { variables: { id } });
  const premium = useQuery(ProfilePremiumDocument, { variables: { userId: id } });
  const viewer = useQuery(ProfileViewerDocument);

  const user = profile.data?.user;
  const own = Boolean(user && viewer.data?.me.id === user.id);
  const title = user?.name ?? t('profile.view.title');
  const premiumBadge = premium.data?.premiumUser.features.includes('profile_badge') ?? false;

  let body;
  if (profile.error && isNotFound(profile.error)) {
    body = (
      <EmptyState
        icon={<PersonOffOutlinedIcon fontSize="inherit" aria-hidden />}
        message={t('profile.view.notFound')}
        hint={t('profile.view.notFoundHint')}
        action={{ label: t('profile.view.browse'), to: DASHBOARD_PATH }}
      />
    );
  } else if (profile.error) {
    body = <LoadError error={profile.error} onRetry={() => void profile.refetch()} />;
  } else if (!user) {
    body = <LoadingBlock />;
  } else {
    body = (
      <Box sx={{ display: 'grid', gap: 3 }}>
        <ProfileDetails user={user} premiumBadge={premiumBadge} />
        {isBareProfile(user) ? (
          <EmptyState
            message={own ? t('profile.view.emptyOwn') : t('profile.view.empty')}
            action={own ? { label: t('profile.view.complete'), to: '/profile/update' } : undefined}
          />
        ) : null}
      </Box>
    );
  }

  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('profile.view.title') }, { label: title }]}
      actions={
        own ? (
          <Button
            variant="contained"
            component={RouterLink}
            to="/profile/update"
            startIcon={<EditIcon />}
          >
            {t('profile.view.edit')}
          </Button>
        ) : undefined
      }
    >
      {body}
    </PageFrame>
  );
}
