import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import BusinessIcon from '@mui/icons-material/Business';
import { PageFrame } from '../../../app/layout/PageFrame';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  MyOrganisationsDocument,
  MyTeamInvitationsDocument,
  type MyOrganisationsQuery,
} from '../../../gql/graphql';
import { InvitationList } from '../components/InvitationList';
import { OrganisationLogo } from '../components/OrganisationLogo';
import { canCreateOrganisations } from '../organisation-roles';

type MyOrganisation = MyOrganisationsQuery['myOrganisations'][number];

function OrganisationCard({ organisation }: { organisation: MyOrganisation }) {
  const { t } = useTranslation('pages');
  const place = [organisation.city?.name, organisation.country?.name].filter(Boolean).join(', ');
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        component={RouterLink}
        to={`/organisation/${organisation.slug}/dashboard`}
        sx={{ p: 2.5, display: 'flex', gap: 2, justifyContent: 'flex-start' }}
      >
        <OrganisationLogo name={organisation.name} logo={organisation.logo} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h6" component="h2" noWrap>
            {organisation.name}
          </Typography>
          {place ? <Typography color="text.secondary">{place}</Typography> : null}
          <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
            {organisation.team_role?.role ? (
              <Chip
                size="small"
                label={t(`organisations.roles.${organisation.team_role.role}.name`)}
              />
            ) : null}
            {organisation.members_count !== null && organisation.members_count !== undefined ? (
              <Chip
                size="small"
                variant="outlined"
                label={t('organisations.list.members', { count: organisation.members_count })}
              />
            ) : null}
          </Box>
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** /organisations: the viewer's organisations and open invitations. */
export function OrganisationListPage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const organisations = useQuery(MyOrganisationsDocument);
  const invitations = useQuery(MyTeamInvitationsDocument);
  const title = t('organisations.list.title');
  const mayCreate = canCreateOrganisations(organisations.data?.me.role?.name);
  const error = organisations.error ?? invitations.error;

  let body;
  if (error) {
    body = (
      <LoadError
        error={error}
        onRetry={() => {
          void organisations.refetch();
          void invitations.refetch();
        }}
      />
    );
  } else if (!organisations.data || !invitations.data) {
    body = <LoadingBlock />;
  } else {
    const mine = organisations.data.myOrganisations;
    body = (
      <>
        <InvitationList invitations={invitations.data.myTeamInvitations} />
        {mine.length === 0 ? (
          <EmptyState
            icon={<BusinessIcon fontSize="inherit" aria-hidden />}
            message={t('organisations.list.empty')}
            hint={mayCreate ? t('organisations.list.emptyHint') : t('organisations.list.emptyJoin')}
            action={
              mayCreate
                ? { label: t('organisations.create.title'), to: '/organisations/create' }
                : { label: t('organisations.create.upgrade'), to: '/account/upgrade' }
            }
          />
        ) : (
          <Box
            component="ul"
            sx={{
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
            }}
          >
            {mine.map((organisation) => (
              <OrganisationCard key={organisation.id} organisation={organisation} />
            ))}
          </Box>
        )}
      </>
    );
  }

  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: tc('nav.organisations') }]}
      actions={
        mayCreate ? (
          <Button
            variant="contained"
            component={RouterLink}
            to="/organisations/create"
            startIcon={<AddIcon />}
          >
            {t('organisations.create.title')}
          </Button>
        ) : undefined
      }
    >
      {body}
    </PageFrame>
  );
}
