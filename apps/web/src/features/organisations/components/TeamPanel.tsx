import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  ChangeTeamMemberRoleDocument,
  LeaveOrganisationDocument,
  MyOrganisationsDocument,
  OrganisationBySlugDocument,
  OrganisationChangeLogDocument,
  OrganisationTeamDocument,
  RemoveTeamMemberDocument,
  TransferOrganisationOwnershipDocument,
  type OrganisationRole,
  type TeamMemberFieldsFragment,
} from '../../../gql/graphql';
import { formatDate } from '../../../lib/format';
import { describeGraphQLError } from '../../../lib/graphql-errors';
import { useSnackbar } from '../../../lib/snackbar';
import { assignableRoles } from '../organisation-roles';
import { ConfirmDialog } from './ConfirmDialog';
import { InviteMemberForm } from './InviteMemberForm';
import type { Organisation } from './OrganisationGate';

type Member = TeamMemberFieldsFragment;
type PendingAction = { kind: 'remove' | 'transfer' | 'leave'; member: Member };

const TEAM_QUERIES = [OrganisationTeamDocument, OrganisationChangeLogDocument];

/** What the viewer may do to one row; the server checks the same rules again. */
function rowAbilities(organisation: Organisation, member: Member) {
  const can = organisation.viewerCan;
  const touchesOwner = member.role === 'owner';
  const manage = can.manage_team && (!touchesOwner || can.manage_owners);
  return {
    changeRole: manage && !member.is_viewer && member.status !== 'rejected',
    remove: manage && !member.is_viewer,
    transfer:
      can.manage_owners && !member.is_viewer && member.status === 'accepted' && !touchesOwner,
    leave: member.is_viewer && can.leave,
  };
}

function MemberRow({
  organisation,
  member,
  onAction,
}: {
  organisation: Organisation;
  member: Member;
  onAction: (action: PendingAction) => void;
}) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const abilities = rowAbilities(organisation, member);
  const [changeRole, { loading }] = useMutation(ChangeTeamMemberRoleDocument, {
    refetchQueries: TEAM_QUERIES,
  });
  const label = member.name ?? member.email;

  const setRole = async (role: OrganisationRole) => {
    try {
      await changeRole({ variables: { input: { id: member.id, role } } });
      snackbar.success(
        t('organisations.team.roleChanged', {
          person: label,
          role: t(`organisations.roles.${role}.name`),
        }),
      );
    } catch (caught) {
      snackbar.error(describeGraphQLError(caught));
    }
  };

  return (
    <Box
      component="li"
      aria-label={label}
      sx={{
        listStyle: 'none',
        display: 'grid',
        gap: 1.5,
        py: 1.5,
        '& + &': { borderTop: 1, borderColor: 'divider' },
        gridTemplateColumns: { xs: '1fr', md: '1fr 180px auto' },
        alignItems: 'center',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500 }} noWrap>
          {label}
          {member.is_viewer ? ` (${t('organisations.team.you')})` : ''}
        </Typography>
        {member.name ? (
          <Typography variant="body2" color="text.secondary" noWrap dir="ltr">
            {member.email}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
          {member.status !== 'accepted' ? (
            <Chip
              size="small"
              variant={member.status === 'invited' ? 'outlined' : 'filled'}
              label={t(`organisations.team.status.${member.status}`)}
            />
          ) : null}
          <Typography variant="caption" color="text.secondary">
            {member.status === 'invited'
              ? t('organisations.team.invitedOn', { date: formatDate(member.created_at) })
              : member.responded_at
                ? t('organisations.team.respondedOn', { date: formatDate(member.responded_at) })
                : t('organisations.team.memberSince', { date: formatDate(member.created_at) })}
          </Typography>
        </Box>
      </Box>
      {abilities.changeRole ? (
        <TextField
          select
          size="small"
          id={`member-role-${member.id}`}
          label={t('organisations.team.role')}
          value={member.role}
          disabled={loading}
          onChange={(event) => void setRole(event.target.value as OrganisationRole)}
        >
          {assignableRoles(organisation.viewerCan.manage_owners).map((role) => (
            <MenuItem key={role} value={role}>
              {t(`organisations.roles.${role}.name`)}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Typography>{t(`organisations.roles.${member.role}.name`)}</Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: { md: 'flex-end' } }}>
        {abilities.transfer ? (
          <Button size="small" onClick={() => onAction({ kind: 'transfer', member })}>
            {t('organisations.team.transfer')}
          </Button>
        ) : null}
        {abilities.remove ? (
          <Button size="small" color="error" onClick={() => onAction({ kind: 'remove', member })}>
            {member.status === 'invited'
              ? t('organisations.team.withdraw')
              : t('organisations.team.remove')}
          </Button>
        ) : null}
        {abilities.leave ? (
          <Button size="small" color="error" onClick={() => onAction({ kind: 'leave', member })}>
            {t('organisations.team.leave')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

/** The team with its invitations: invite, change roles, remove, hand over ownership, leave. */
export function TeamPanel({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const team = useQuery(OrganisationTeamDocument, {
    variables: { organisationId: organisation.id },
  });
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [remove, removing] = useMutation(RemoveTeamMemberDocument, {
    refetchQueries: TEAM_QUERIES,
  });
  const [transfer, transferring] = useMutation(TransferOrganisationOwnershipDocument, {
    refetchQueries: [...TEAM_QUERIES, OrganisationBySlugDocument],
  });
  const [leave, leaving] = useMutation(LeaveOrganisationDocument, {
    refetchQueries: [MyOrganisationsDocument],
  });

  const close = () => {
    setPending(null);
    setError(null);
  };

  const confirm = async () => {
    if (!pending) return;
    const { kind, member } = pending;
    const person = member.name ?? member.email;
    setError(null);
    try {
      if (kind === 'remove') {
        await remove({ variables: { input: { id: member.id } } });
        snackbar.success(t('organisations.team.removed', { person }));
      } else if (kind === 'transfer') {
        await transfer({
          variables: { input: { organisation_id: organisation.id, member_id: member.id } },
        });
        snackbar.success(t('organisations.team.transferred', { person }));
      } else {
        await leave({ variables: { input: { organisation_id: organisation.id } } });
        snackbar.success(t('organisations.team.left', { name: organisation.name }));
        void navigate('/organisations');
      }
      close();
    } catch (caught) {
      setError(caught);
    }
  };

  const members = team.data?.teamMembers ?? [];
  const invitedCount = members.filter((member) => member.status === 'invited').length;
  const person = pending ? (pending.member.name ?? pending.member.email) : '';

  return (
    <Paper variant="outlined" component="section" aria-labelledby="team-title" sx={{ p: 3 }}>
      <Typography id="team-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('organisations.team.title')}
      </Typography>
      {team.error ? (
        <LoadError error={team.error} onRetry={() => void team.refetch()} />
      ) : !team.data ? (
        <LoadingBlock />
      ) : (
        <>
          <Typography color="text.secondary">
            {t('organisations.team.summary', {
              count: members.length - invitedCount,
              invited: invitedCount,
            })}
          </Typography>
          <Box component="ul" sx={{ p: 0, m: 0 }}>
            {members.map((member) => (
              <MemberRow
                key={member.id}
                organisation={organisation}
                member={member}
                onAction={setPending}
              />
            ))}
          </Box>
        </>
      )}
      {organisation.viewerCan.manage_team ? (
        <>
          <Divider sx={{ my: 2 }} />
          <InviteMemberForm organisation={organisation} />
        </>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`organisations.team.confirm.${pending.kind}.title`, { person }) : ''}
        confirmLabel={
          pending ? t(`organisations.team.confirm.${pending.kind}.action`, { person }) : ''
        }
        destructive={pending?.kind !== 'transfer'}
        busy={removing.loading || transferring.loading || leaving.loading}
        error={error}
        onCancel={close}
        onConfirm={() => void confirm()}
      >
        {pending ? (
          <Typography>
            {t(`organisations.team.confirm.${pending.kind}.body`, {
              person,
              name: organisation.name,
            })}
          </Typography>
        ) : null}
      </ConfirmDialog>
    </Paper>
  );
}
