import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  ChangeOpportunityMemberRoleDocument,
  OpportunityEventsLogDocument,
  OpportunityTeamDocument,
  RemoveOpportunityMemberDocument,
  type OpportunityFieldsFragment,
} from '../../../gql/graphql';
import { useSnackbar } from '../../../lib/snackbar';
import { ConfirmDialog } from '../../organisations/components/ConfirmDialog';
import { Section } from '../public/Section';
import { InviteForm } from './InviteForm';
import { MemberRow, type Member, type MemberAction } from './MemberRow';
import { RolePicker } from './RolePicker';
import { choiceOf, roleInput, type RoleChoice } from './team-roles';

const TEAM_QUERIES = [OpportunityTeamDocument, OpportunityEventsLogDocument];

function MemberList({
  title,
  members,
  manage,
  onAction,
}: {
  title: string;
  members: readonly Member[];
  manage: boolean;
  onAction: (action: MemberAction) => void;
}) {
  const { t } = useTranslation('pages');
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 2 }}>
      <Typography id={titleId} variant="subtitle1" component="h3">
        {title}
      </Typography>
      {members.length === 0 ? (
        <Typography color="text.secondary">{t('opportunities.dashboard.team.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ p: 0, m: 0 }}>
          {members.map((member) => (
            <MemberRow key={member.id} member={member} manage={manage} onAction={onAction} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** Managers and reviewers with their invitations: invite, change roles, remove or withdraw. */
export function TeamPanel({ opportunity }: { opportunity: OpportunityFieldsFragment }) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const manage = opportunity.viewerCan.manage_team;
  const team = useQuery(OpportunityTeamDocument, { variables: { slug: opportunity.slug } });
  const [pending, setPending] = useState<MemberAction | null>(null);
  const [choice, setChoice] = useState<RoleChoice>({ role: 'reviewer', permissions: [] });
  const [error, setError] = useState<unknown>(null);
  const [changeRole, changing] = useMutation(ChangeOpportunityMemberRoleDocument, {
    refetchQueries: TEAM_QUERIES,
  });
  const [remove, removing] = useMutation(RemoveOpportunityMemberDocument, {
    refetchQueries: TEAM_QUERIES,
  });

  const open = (action: MemberAction) => {
    setError(null);
    setChoice(choiceOf(action.member));
    setPending(action);
  };
  const close = () => {
    setPending(null);
    setError(null);
  };

  const confirm = async () => {
    if (!pending) return;
    const { member } = pending;
    const person = member.name ?? member.email;
    setError(null);
    try {
      if (pending.kind === 'changeRole') {
        await changeRole({ variables: { input: { id: member.id, ...roleInput(choice) } } });
        snackbar.success(
          t('opportunities.dashboard.team.roleChanged', {
            person,
            role: t(`opportunities.dashboard.roles.${choice.role}.name`),
          }),
        );
      } else {
        await remove({ variables: { id: member.id } });
        snackbar.success(
          member.status === 'invited'
            ? t('opportunities.dashboard.team.withdrawn', { person })
            : t('opportunities.dashboard.team.removed', { person }),
        );
      }
      close();
    } catch (caught) {
      setError(caught);
    }
  };

  const people = team.data?.opportunity;
  const person = pending ? (pending.member.name ?? pending.member.email) : '';
  const confirmKey = pending
    ? pending.kind === 'remove' && pending.member.status === 'invited'
      ? 'withdraw'
      : pending.kind
    : null;

  return (
    <Section title={t('opportunities.dashboard.team.title')}>
      <Typography color="text.secondary">{t('opportunities.dashboard.team.intro')}</Typography>
      {team.error ? (
        <LoadError error={team.error} onRetry={() => void team.refetch()} />
      ) : !team.data ? (
        <LoadingBlock />
      ) : (
        <>
          <MemberList
            title={t('opportunities.dashboard.team.managers')}
            members={people?.managers ?? []}
            manage={manage}
            onAction={open}
          />
          <MemberList
            title={t('opportunities.dashboard.team.reviewers')}
            members={people?.reviewers ?? []}
            manage={manage}
            onAction={open}
          />
        </>
      )}
      {manage ? (
        <>
          <Divider sx={{ my: 2 }} />
          <InviteForm opportunityId={opportunity.id} />
        </>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={
          confirmKey
            ? t(`opportunities.dashboard.team.confirm.${confirmKey}.title`, { person })
            : ''
        }
        confirmLabel={
          confirmKey ? t(`opportunities.dashboard.team.confirm.${confirmKey}.action`) : ''
        }
        destructive={pending?.kind === 'remove'}
        busy={changing.loading || removing.loading}
        confirmDisabled={
          pending?.kind === 'changeRole' &&
          choice.role === 'custom' &&
          choice.permissions.length === 0
        }
        error={error}
        onCancel={close}
        onConfirm={() => void confirm()}
      >
        {pending?.kind === 'changeRole' ? (
          <Box sx={{ pt: 1 }}>
            <RolePicker id="opportunity-change-role" value={choice} onChange={setChoice} />
          </Box>
        ) : confirmKey ? (
          <Typography>
            {t(`opportunities.dashboard.team.confirm.${confirmKey}.body`, {
              person,
              title: opportunity.title,
            })}
          </Typography>
        ) : null}
      </ConfirmDialog>
    </Section>
  );
}
