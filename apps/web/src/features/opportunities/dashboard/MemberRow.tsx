import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { OpportunityMemberFieldsFragment } from '../../../gql/graphql';

export type Member = OpportunityMemberFieldsFragment;
export type MemberAction = { kind: 'changeRole' | 'remove'; member: Member };

const STATUS_COLOURS = { invited: 'default', accepted: 'success', rejected: 'warning' } as const;
type KnownStatus = keyof typeof STATUS_COLOURS;
const isKnownStatus = (status: string): status is KnownStatus => status in STATUS_COLOURS;

interface MemberRowProps {
  member: Member;
  /** Whether the viewer manages the team (`viewerCan.manage_team`). */
  manage: boolean;
  onAction: (action: MemberAction) => void;
}

/** One manager or reviewer: who, their role and status, and what the viewer may change. */
export function MemberRow({ member, manage, onAction }: MemberRowProps) {
  const { t } = useTranslation('pages');
  const label = member.name ?? member.email;
  const status = isKnownStatus(member.status) ? member.status : null;
  return (
    <Box
      component="li"
      aria-label={label}
      sx={{
        listStyle: 'none',
        display: 'grid',
        gap: 1,
        py: 1.5,
        '& + &': { borderTop: 1, borderColor: 'divider' },
        gridTemplateColumns: { xs: '1fr', md: '1fr auto' },
        alignItems: 'center',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500 }} noWrap>
          {label}
        </Typography>
        {member.name ? (
          <Typography variant="body2" color="text.secondary" noWrap dir="ltr">
            {member.email}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2">
            {t(`opportunities.dashboard.roles.${member.role}.name`)}
          </Typography>
          {status ? (
            <Chip
              size="small"
              color={STATUS_COLOURS[status]}
              variant="outlined"
              label={t(`opportunities.dashboard.team.status.${status}`)}
            />
          ) : null}
        </Box>
        {member.role === 'custom' ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {member.permissions
              .map((permission) => t(`opportunities.dashboard.permissions.${permission}.name`))
              .join(' · ')}
          </Typography>
        ) : null}
      </Box>
      {manage ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: { md: 'flex-end' } }}>
          {member.status !== 'rejected' ? (
            <Button size="small" onClick={() => onAction({ kind: 'changeRole', member })}>
              {t('opportunities.dashboard.team.changeRole')}
            </Button>
          ) : null}
          <Button size="small" color="error" onClick={() => onAction({ kind: 'remove', member })}>
            {member.status === 'invited'
              ? t('opportunities.dashboard.team.withdraw')
              : t('opportunities.dashboard.team.remove')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
