import { UUID_PATTERN, type OrganisationRole } from '@encore/core';
import DataLoader from 'dataloader';
import type { Viewer } from '../../graphql/viewer';
import {
  NO_GRANT,
  type OrganisationGrant,
  type OrganisationsService,
} from '../organisations/organisations.service';

/**
 * What the viewer of one request holds, asked as often as a request likes: the organisation
 * roles of every organisation asked about in one tick are read in one query, once per request.
 * The rules themselves live in each feature's policy.
 */
export function createViewerAccess(viewer: Viewer, organisations: OrganisationsService) {
  const user = viewer.user;
  const roles = new DataLoader<string, OrganisationRole | null>(async (ids) => {
    if (!user) return ids.map(() => null);
    const byId = await organisations.rolesOf(
      user.id,
      ids.filter((id) => UUID_PATTERN.test(id)),
    );
    return ids.map((id) => byId.get(id) ?? null);
  });

  return {
    async organisation(organisationId: string): Promise<OrganisationGrant> {
      if (!user) return NO_GRANT;
      return { role: await roles.load(organisationId), platformAdmin: viewer.isAdmin };
    },

    /** Forget what was read: the viewer's own team changes within this request. */
    forget(organisationId: string): void {
      roles.clear(organisationId);
    },
  };
}

export type ViewerAccess = ReturnType<typeof createViewerAccess>;
