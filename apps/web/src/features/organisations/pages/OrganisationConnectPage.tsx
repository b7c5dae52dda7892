import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  MyOrganisationsDocument,
  MyTeamInvitationsDocument,
  TeamInvitationByTokenDocument,
} from '../../../gql/graphql';
import { InvitationCard, InvitationList } from '../components/InvitationList';
import { canCreateOrganisations } from '../organisation-roles';

/** The invitation behind an emailed link, to accept or decline. */
function LinkedInvitation({ token }: { token: string }) {
  const { t } = useTranslation('pages');
  const query = useQuery(TeamInvitationByTokenDocument, { variables: { token } });
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingBlock />;
  const invitation = query.data.teamInvitation;
  if (!invitation) {
    return (
      <EmptyState
        icon={<LinkOffIcon fontSize="inherit" aria-hidden />}
        message={t('organisations.connect.closed')}
        hint={t('organisations.connect.closedHint')}
        action={{ label: t('organisations.list.title'), to: '/organisations' }}
      />
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">
        {t('organisations.connect.sentTo', { email: invitation.email })}
      </Typography>
      <InvitationCard invitation={invitation} token={token} />
    </Box>
  );
}

/** Without a link: the viewer's invitations next to creating an organisation of their own. */
function JoinOrCreate() {
  const { t } = useTranslation('pages');
  const invitations = useQuery(MyTeamInvitationsDocument);
  const viewer = useQuery(MyOrganisationsDocument);
  const error = invitations.error ?? viewer.error;
  if (error) {
    return (
      <LoadError
        error={error}
        onRetry={() => {
          void invitations.refetch();
          void viewer.refetch();
        }}
      />
    );
  }
  if (!invitations.data || !viewer.data) return <LoadingBlock />;
  const open = invitations.data.myTeamInvitations;
  const mayCreate = canCreateOrganisations(viewer.data.me.role?.name);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {open.length > 0 ? (
        <InvitationList invitations={open} />
      ) : (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('organisations.connect.joinTitle')}
          </Typography>
          <Typography color="text.secondary">{t('organisations.connect.noInvitations')}</Typography>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: 3, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <AddBusinessOutlinedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('organisations.connect.createTitle')}
          </Typography>
          <Typography color="text.secondary">
            {mayCreate
              ? t('organisations.connect.createBody')
              : t('organisations.create.organiserOnlyHint')}
          </Typography>
        </Box>
        <Box sx={{ alignSelf: 'center' }}>
          {mayCreate ? (
            <Button variant="contained" component={RouterLink} to="/organisations/create">
              {t('organisations.create.title')}
            </Button>
          ) : (
            <Button variant="outlined" component={RouterLink} to="/account/upgrade">
              {t('organisations.create.upgrade')}
            </Button>
          )}
        </Box>
      </Paper>
    </Box>
  );
}

/** /organisation/connect: join a team (from an emailed link or the list) or create one. */
export function OrganisationConnectPage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('invitation')?.trim();
  const title = token
    ? t('organisations.connect.invitationTitle')
    : t('organisations.connect.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: tc('nav.organisations'), to: '/organisations' }, { label: title }]}
    >
      {token ? <LinkedInvitation token={token} /> : <JoinOrCreate />}
    </PageFrame>
  );
}
