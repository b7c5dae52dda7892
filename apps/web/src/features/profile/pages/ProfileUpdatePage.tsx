import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageFrame } from '../../../app/layout/PageFrame';
import { ProfileFormOptionsDocument, ProfileMeDocument } from '../../../gql/graphql';
import { AccountSettings } from '../components/AccountSettings';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import { ProfileSetup } from '../components/ProfileSetup';
import { NotificationPreferencesSection } from '../../notifications/preferences/NotificationPreferencesSection';

const TABS = ['profile', 'account', 'notifications'] as const;
type TabName = (typeof TABS)[number];
const TAB_LABEL_KEYS: Record<TabName, string> = {
  profile: 'profile.update.tabs.profile',
  account: 'profile.update.tabs.account',
  notifications: 'notificationSettings.tab',
};

/** /profile/update: the guided profile setup, then the account and the notification settings. */
export function ProfileUpdatePage() {
  const { t } = useTranslation('pages');
  const [params, setParams] = useSearchParams();
  const tab: TabName = TABS.find((name) => name === params.get('tab')) ?? 'profile';
  const me = useQuery(ProfileMeDocument);
  const options = useQuery(ProfileFormOptionsDocument);
  const title = t('profile.update.title');

  const user = me.data?.me;
  let body;
  if (tab === 'notifications') body = <NotificationPreferencesSection />;
  else if (me.error) body = <LoadError error={me.error} onRetry={() => void me.refetch()} />;
  else if (!user) body = <LoadingBlock />;
  else if (tab === 'account') body = <AccountSettings email={user.email} />;
  else if (options.error) {
    body = <LoadError error={options.error} onRetry={() => void options.refetch()} />;
  } else if (!options.data) body = <LoadingBlock />;
  else body = <ProfileSetup user={user} options={options.data} />;

  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: title }]}
      actions={
        user ? (
          <Button variant="outlined" component={RouterLink} to={`/${user.id}/profile`}>
            {t('profile.update.viewPublic')}
          </Button>
        ) : undefined
      }
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: TabName) =>
            setParams(value === 'profile' ? {} : { tab: value }, { replace: true })
          }
          aria-label={t('profile.update.sections')}
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              id={`profile-tab-${name}`}
              aria-controls={`profile-tabpanel-${name}`}
              label={t(TAB_LABEL_KEYS[name])}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`profile-tabpanel-${tab}`} aria-labelledby={`profile-tab-${tab}`}>
        {body}
      </Box>
    </PageFrame>
  );
}
