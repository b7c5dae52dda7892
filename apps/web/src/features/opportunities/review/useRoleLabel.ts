import { useTranslation } from 'react-i18next';
import type { OpportunityPermission } from '../../../gql/graphql';
import type { OpportunityRoleKind } from './opportunity-role';

/** "Reviewer", or for a custom role the permissions it carries ("Custom: rate, comment"). */
export function useRoleLabel() {
  const { t } = useTranslation('pages');
  return (kind: OpportunityRoleKind, permissions: readonly OpportunityPermission[]) => {
    const name = t(`opportunities.review.roles.${kind}`);
    if (kind !== 'custom' || permissions.length === 0) return name;
    return t('opportunities.review.roles.customWith', {
      role: name,
      permissions: permissions
        .map((permission) => t(`opportunities.review.permissions.${permission}`))
        .join(', '),
    });
  };
}
