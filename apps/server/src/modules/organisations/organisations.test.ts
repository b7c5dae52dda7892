import type { OrganisationRole } from '@encore/core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, uniqueEmail, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { insertOrganisation } from '../../../test/organisations';
import { startTestSmtp } from '../../../test/smtp';
import { organisationMembers, organisations } from './organisations.table';

type Smtp = Awaited<ReturnType<typeof startTestSmtp>>;
let server: TestServer;
let smtp: Smtp;

type Role = 'stranger' | 'performer' | OrganisationRole | 'platform admin';
const ROLES: Role[] = [
  'stranger',
  'performer',
  'member',
  'editor',
  'admin',
  'owner',
  'platform admin',
];
const TEAM_ROLES: OrganisationRole[] = ['member', 'editor', 'admin', 'owner'];
const accounts = {} as Record<Exclude<Role, 'stranger'>, TestAccount>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
  for (const role of ROLES) {
    if (role === 'stranger') continue;
    accounts[role] = await registerAccount(server, { name: `Person ${role}` });
  }
  await server.app.services.users.setRole(accounts['platform admin'].id, 'admin');
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const headersOf = (role: Role) => (role === 'stranger' ? {} : accounts[role].headers);

/** A new organisation with one seat for each team role (every case starts from the same team). */
async function seatedOrganisation(name = 'Riverside Strings') {
  const organisation = await insertOrganisation(
    server.database.db,
    { name },
    TEAM_ROLES.map((role) => ({ userId: accounts[role].id, email: accounts[role].email, role })),
  );
  const seats = await server.database.db
    .select()
    .from(organisationMembers)
    .where(eq(organisationMembers.organisationId, organisation.id));
  const seatOf = (role: OrganisationRole) => seats.find((seat) => seat.role === role)!.id;
  return { organisation, seatOf };
}

type Operation = (
  org: Awaited<ReturnType<typeof seatedOrganisation>>,
  role: Role,
) => Promise<{ errors?: Array<{ extensions?: Record<string, unknown> }>; data?: unknown }>;

const call = async (query: string, variables: Record<string, unknown>, role: Role) =>
  (await server.graphql(query, variables, headersOf(role))).body;

const OPERATIONS: Record<string, { allowed: Role[]; run: Operation }> = {
  updateOrganisation: {
    allowed: ['admin', 'owner', 'platform admin'],
    run: ({ organisation }, role) =>
      call(
        'mutation($input: UpdateOrganisationInput!) { updateOrganisation(input: $input) { id description } }',
        { input: { id: organisation.id, description: `Changed by ${role}` } },
        role,
      ),
  },
  deleteOrganisation: {
    allowed: ['owner', 'platform admin'],
    run: ({ organisation }, role) =>
      call(
        'mutation($input: OrganisationIdInput!) { deleteOrganisation(input: $input) { id } }',
        { input: { id: organisation.id } },
        role,
      ),
  },
  inviteTeamMember: {
    allowed: ['admin', 'owner', 'platform admin'],
    run: ({ organisation }, role) =>
      call(
        'mutation($input: InviteTeamMemberInput!) { inviteTeamMember(input: $input) { id status } }',
        {
          input: {
            organisation_id: organisation.id,
            email: uniqueEmail('invitee'),
            role: 'editor',
          },
        },
        role,
      ),
  },
  changeTeamMemberRole: {
    allowed: ['admin', 'owner', 'platform admin'],
    run: ({ seatOf }, role) =>
      call(
        'mutation($input: ChangeTeamMemberRoleInput!) { changeTeamMemberRole(input: $input) { id role } }',
        { input: { id: seatOf('member'), role: 'editor' } },
        role,
      ),
  },
  removeTeamMember: {
    allowed: ['admin', 'owner', 'platform admin'],
    run: ({ seatOf }, role) =>
      call(
        'mutation($input: TeamMemberIdInput!) { removeTeamMember(input: $input) { id } }',
        { input: { id: seatOf('member') } },
        role,
      ),
  },
  transferOrganisationOwnership: {
    allowed: ['owner', 'platform admin'],
    run: ({ organisation, seatOf }, role) =>
      call(
        'mutation($input: TransferOrganisationOwnershipInput!) { transferOrganisationOwnership(input: $input) { id role } }',
        { input: { organisation_id: organisation.id, member_id: seatOf('editor') } },
        role,
      ),
  },
  teamMembers: {
    allowed: ['member', 'editor', 'admin', 'owner', 'platform admin'],
    run: ({ organisation }, role) =>
      call(
        'query($id: ID!) { teamMembers(organisation_id: $id) { id email role status } }',
        { id: organisation.id },
        role,
      ),
  },
  regularTeamMembers: {
    allowed: ['member', 'editor', 'admin', 'owner', 'platform admin'],
    run: ({ organisation }, role) =>
      call(
        'query($id: ID!) { regularTeamMembers(organisation_id: $id) { id } }',
        { id: organisation.id },
        role,
      ),
  },
  organisationEvents: {
    allowed: ['member', 'editor', 'admin', 'owner', 'platform admin'],
    run: ({ organisation }, role) =>
      call(
        'query($id: ID!) { organisationEvents(organisation_id: $id) { id action } }',
        { id: organisation.id },
        role,
      ),
  },
};

describe('permission matrix: each organisation operation for each role', () => {
  for (const [name, operation] of Object.entries(OPERATIONS)) {
    for (const role of ROLES) {
      const allowed = operation.allowed.includes(role);
      it(`${name}: ${role} is ${allowed ? 'allowed' : 'refused'}`, async () => {
        const organisation = await seatedOrganisation();
        const body = await operation.run(organisation, role);
        if (allowed) {
          expect(body.errors).toBeUndefined();
          expect(Object.values(body.data as object)[0]).toBeTruthy();
        } else {
          expect(body.data ?? null).toBeNull();
          expect(body.errors?.[0]?.extensions?.category).toBe(
            role === 'stranger' ? 'authentication' : 'authorization',
          );
        }
      });
    }
  }

  for (const role of ROLES) {
    const team = ['member', 'editor', 'admin', 'owner', 'platform admin'].includes(role);
    it(`private fields: ${role} ${team ? 'reads' : 'gets null for'} email, phone and team size`, async () => {
      const { organisation } = await seatedOrganisation();
      await server.database.db
        .update(organisations)
        .set({ email: 'office@riverside.test', phone: '+44 20 7946 0000' })
        .where(eq(organisations.id, organisation.id));
      const body = await call(
        'query($slug: String!) { organisation(slug: $slug) { name email phone members_count team_role { role permissions } viewerCan { update manage_team delete leave } } }',
        { slug: organisation.slug },
        role,
      );
      const answer = (body.data as { organisation: Record<string, unknown> }).organisation;
      expect(answer.name).toBe('Riverside Strings');
      expect(answer.email).toBe(team ? 'office@riverside.test' : null);
      expect(answer.phone).toBe(team ? '+44 20 7946 0000' : null);
      expect(answer.members_count).toBe(team ? 4 : null);
      if (!team) expect(JSON.stringify(body)).not.toContain('office@riverside.test');
    });
  }

  it('shows each role its own permissions and actions', async () => {
    const { organisation } = await seatedOrganisation();
    const expected: Record<Role, { role: string | null; permissions: string[] } | null> = {
      stranger: null,
      performer: null,
      member: { role: 'member', permissions: [] },
      editor: { role: 'editor', permissions: ['create_opportunity'] },
      admin: {
        role: 'admin',
        permissions: [
          'manage_organisation',
          'manage_team_members',
          'create_opportunity',
          'manage_payments',
        ],
      },
      owner: { role: 'owner', permissions: ['full_access'] },
      'platform admin': { role: null, permissions: ['full_access'] },
    };
    for (const role of ROLES) {
      const body = await call(
        'query($slug: String!, $id: ID!) { organisation(slug: $slug) { team_role { role permissions } viewerCan { update manage_team delete } } canAccess(input: { permission: manage_team_members, organisation_id: $id }) { granted role } }',
        { slug: organisation.slug, id: organisation.id },
        role,
      );
      const data = body.data as {
        organisation: { team_role: unknown; viewerCan: Record<string, boolean> };
        canAccess: { granted: boolean; role: string | null };
      };
      expect(data.organisation.team_role, role).toEqual(expected[role]);
      const managesTeam = ['admin', 'owner', 'platform admin'].includes(role);
      expect(data.organisation.viewerCan.manage_team, role).toBe(managesTeam);
      expect(data.organisation.viewerCan.delete, role).toBe(
        ['owner', 'platform admin'].includes(role),
      );
      expect(data.canAccess.granted, role).toBe(managesTeam);
    }
  });

  it('lets organisers create organisations and refuses performers and strangers', async () => {
    const organiser = await registerAccount(server, { type: 'ORGANISATION' });
    const create = (headers: Record<string, string>) =>
      server.graphql<{ createOrganisation: { slug: string; team_role: { role: string } } }>(
        'mutation($input: CreateOrganisationInput!) { createOrganisation(input: $input) { slug team_role { role } } }',
        { input: { name: 'Tide & Timber Ensemble' } },
        headers,
      );
    const created = await create(organiser.headers);
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data?.createOrganisation.slug).toBe('tide-timber-ensemble');
    expect(created.body.data?.createOrganisation.team_role.role).toBe('owner');
    const second = await create(organiser.headers);
    expect(second.body.data?.createOrganisation.slug).toBe('tide-timber-ensemble-2');
    expect((await create(accounts.performer.headers)).body.errors?.[0]?.extensions?.category).toBe(
      'authorization',
    );
    expect((await create({})).body.errors?.[0]?.extensions?.category).toBe('authentication');
  });
});

describe('organisations', () => {
  it('keeps an old slug as a redirect and refuses it to anyone else', async () => {
    const { organisation } = await seatedOrganisation('Lantern Hall');
    const renamed = await call(
      'mutation($input: UpdateOrganisationInput!) { updateOrganisation(input: $input) { slug } }',
      { input: { id: organisation.id, slug: 'lantern-hall-live' } },
      'owner',
    );
    expect(renamed.errors).toBeUndefined();
    const byOldSlug = await call(
      'query($slug: String!) { organisation(slug: $slug) { id slug } }',
      { slug: organisation.slug },
      'performer',
    );
    expect(byOldSlug.data).toEqual({
      organisation: { id: organisation.id, slug: 'lantern-hall-live' },
    });
    const other = await seatedOrganisation('Other Hall');
    const taken = await call(
      'mutation($input: UpdateOrganisationInput!) { updateOrganisation(input: $input) { slug } }',
      { input: { id: other.organisation.id, slug: organisation.slug } },
      'owner',
    );
    expect(taken.errors?.[0]?.extensions?.validation).toEqual({
      'input.slug': ['The address (slug) is already used by another organisation.'],
    });
  });

  it('names every invalid field, social links checked against their network, and writes nothing', async () => {
    const { organisation } = await seatedOrganisation('Quiet Field');
    const body = await call(
      'mutation($input: UpdateOrganisationInput!) { updateOrganisation(input: $input) { id } }',
      {
        input: {
          id: organisation.id,
          name: 'Q',
          website: 'ftp://quiet.example',
          social_links: [{ type: 'FACEBOOK', url: 'https://www.instagram.com/quietfield' }],
          slug: 'Not A Slug',
        },
      },
      'owner',
    );
    const validation = body.errors?.[0]?.extensions?.validation as Record<string, string[]>;
    expect(Object.keys(validation).sort()).toEqual([
      'input.name',
      'input.slug',
      'input.social_links.0.url',
      'input.website',
    ]);
    expect(validation['input.social_links.0.url']).toEqual([
      'The link must be a link to a page on that network.',
    ]);
    const after = await call(
      'query($slug: String!) { organisation(slug: $slug) { name } }',
      { slug: organisation.slug },
      'owner',
    );
    expect(after.data).toEqual({ organisation: { name: 'Quiet Field' } });
  });

  it('takes a logo the editor uploaded, and refuses a file that is not a picture or is too large', async () => {
    const { organisation } = await seatedOrganisation('Picture House');
    const upload = async (bytes: Uint8Array, name: string, type: string) => {
      const form = new FormData();
      form.append(
        'operations',
        JSON.stringify({
          query: 'mutation($input: UploadFileInput!) { uploadFile(input: $input) { id } }',
          variables: { input: { file: null, purpose: 'LOGO' } },
        }),
      );
      form.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
      form.append('0', new Blob([new Uint8Array(bytes)], { type }), name);
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { accept: 'application/graphql-response+json', ...accounts.admin.headers },
        body: form,
      });
      return (await response.json()) as {
        data?: { uploadFile: { id: string } } | null;
        errors?: Array<{ message: string }>;
      };
    };
    const text = await upload(new TextEncoder().encode('not a picture'), 'logo.png', 'image/png');
    expect(text.errors?.[0]?.message).toBe('This type of file is not allowed.');
    const huge = await upload(new Uint8Array(11 * 1024 * 1024), 'huge.png', 'image/png');
    expect(huge.errors?.[0]?.message).toMatch(/too large/);
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#c62828' },
    })
      .png()
      .toBuffer();
    const logo = await upload(png, 'logo.png', 'image/png');
    const fileId = logo.data!.uploadFile.id;
    // Somebody else cannot hand the admin's upload to an organisation.
    const stolen = await call(
      'mutation($input: UpdateOrganisationInput!) { updateOrganisation(input: $input) { id } }',
      { input: { id: organisation.id, logo_file_id: fileId } },
      'owner',
    );
    expect(stolen.errors?.[0]?.extensions?.validation).toEqual({
      'input.logo_file_id': ['The logo must be a picture you uploaded.'],
    });
    const set = await call(
      'mutation($input: UpdateOrganisationInput!) { updateOrganisation(input: $input) { logo { id thumb } } }',
      { input: { id: organisation.id, logo_file_id: fileId } },
      'admin',
    );
    expect(
      (set.data as { updateOrganisation: { logo: { id: string } } }).updateOrganisation.logo.id,
    ).toBe(fileId);
  });
});

describe('the team', () => {
  const INVITE =
    'mutation($input: InviteTeamMemberInput!) { inviteTeamMember(input: $input) { id email role status } }';
  const RESPOND =
    'mutation($input: RespondToTeamInvitationInput!) { respondToTeamInvitation(input: $input) { role status } }';
  const tokenIn = (mail: string) =>
    decodeURIComponent(/organisation\/connect\?invitation=([\w%-]+)/.exec(mail)![1]!);

  it('invites an address without an account; the invitee registers and joins with the invited role', async () => {
    const { organisation } = await seatedOrganisation('Northern Lights Choir');
    const email = uniqueEmail('newcomer');
    const invited = await call(
      INVITE,
      { input: { organisation_id: organisation.id, email, role: 'editor' } },
      'admin',
    );
    expect(invited.data).toMatchObject({
      inviteTeamMember: { email, role: 'editor', status: 'invited' },
    });
    const mail = await smtp.waitFor(email, 'invites you to join Northern Lights Choir');
    const token = tokenIn(mail.decoded);

    const preview = await server.graphql(
      'query($token: String!) { teamInvitation(token: $token) { email role organisation { name } } }',
      { token },
    );
    expect(preview.body.data).toEqual({
      teamInvitation: { email, role: 'editor', organisation: { name: 'Northern Lights Choir' } },
    });

    const newcomer = await registerAccount(server, { email });
    const mine = await server.graphql<{
      myTeamInvitations: Array<{ organisation: { id: string } }>;
    }>('{ myTeamInvitations { organisation { id } } }', undefined, newcomer.headers);
    expect(mine.body.data?.myTeamInvitations.map((row) => row.organisation.id)).toEqual([
      organisation.id,
    ]);

    const accepted = await server.graphql(
      RESPOND,
      { input: { token, accept: true } },
      newcomer.headers,
    );
    expect(accepted.body.data).toEqual({
      respondToTeamInvitation: { role: 'editor', status: 'accepted' },
    });
    const again = await server.graphql(
      RESPOND,
      { input: { token, accept: true } },
      newcomer.headers,
    );
    expect(again.body.errors?.[0]?.message).toBe('This invitation is no longer open.');

    const team = await call(
      'query($id: ID!) { regularTeamMembers(organisation_id: $id) { email role } }',
      { id: organisation.id },
      'owner',
    );
    expect((team.data as { regularTeamMembers: unknown[] }).regularTeamMembers).toContainEqual({
      email,
      role: 'editor',
    });
    const log = await call(
      'query($id: ID!) { organisationEvents(organisation_id: $id) { action member_email actor { id } } }',
      { id: organisation.id },
      'member',
    );
    const actions = (
      log.data as { organisationEvents: Array<{ action: string; actor: { id: string } }> }
    ).organisationEvents;
    expect(actions.map((event) => event.action).slice(0, 2)).toEqual([
      'invitation_accepted',
      'member_invited',
    ]);
    expect(actions[1]!.actor.id).toBe(accounts.admin.id);
  });

  it('lets an existing account decline from its invitations, and refuses someone else', async () => {
    const { organisation } = await seatedOrganisation('Salt Road Sessions');
    const invitee = await registerAccount(server);
    const invited = await call(
      INVITE,
      { input: { organisation_id: organisation.id, email: invitee.email, role: 'member' } },
      'owner',
    );
    const id = (invited.data as { inviteTeamMember: { id: string } }).inviteTeamMember.id;
    const stranger = await server.graphql(
      RESPOND,
      { input: { id, accept: true } },
      accounts.performer.headers,
    );
    expect(stranger.body.errors?.[0]?.extensions?.category).toBe('not-found');
    const declined = await server.graphql(
      RESPOND,
      { input: { id, accept: false } },
      invitee.headers,
    );
    expect(declined.body.data).toEqual({
      respondToTeamInvitation: { role: 'member', status: 'rejected' },
    });
    const roles = await server.app.services.organisations.rolesOf(invitee.id, [organisation.id]);
    expect(roles.size).toBe(0);
  });

  it('refuses to invite someone already in the team', async () => {
    const { organisation } = await seatedOrganisation('Echo Chamber');
    const body = await call(
      INVITE,
      { input: { organisation_id: organisation.id, email: accounts.member.email, role: 'editor' } },
      'owner',
    );
    expect(body.errors?.[0]?.extensions?.validation).toEqual({
      'input.email': ['This person is already in the team.'],
    });
  });

  it('always keeps an owner, and only owners make owners', async () => {
    const { organisation, seatOf } = await seatedOrganisation('Last Light');
    const lastOwner = 'An organisation always needs an owner. Make someone else owner first.';
    const leave = await call(
      'mutation($input: LeaveOrganisationInput!) { leaveOrganisation(input: $input) }',
      { input: { organisation_id: organisation.id } },
      'owner',
    );
    expect(leave.errors?.[0]?.message).toBe(lastOwner);
    const demote = await call(
      'mutation($input: ChangeTeamMemberRoleInput!) { changeTeamMemberRole(input: $input) { role } }',
      { input: { id: seatOf('owner'), role: 'admin' } },
      'owner',
    );
    expect(demote.errors?.[0]?.message).toBe(lastOwner);
    const removeOwner = await call(
      'mutation($input: TeamMemberIdInput!) { removeTeamMember(input: $input) { id } }',
      { input: { id: seatOf('owner') } },
      'platform admin',
    );
    expect(removeOwner.errors?.[0]?.message).toBe(lastOwner);
    const adminMakesOwner = await call(
      'mutation($input: ChangeTeamMemberRoleInput!) { changeTeamMemberRole(input: $input) { role } }',
      { input: { id: seatOf('editor'), role: 'owner' } },
      'admin',
    );
    expect(adminMakesOwner.errors?.[0]?.extensions?.category).toBe('authorization');
    const adminInvitesOwner = await call(
      INVITE,
      { input: { organisation_id: organisation.id, email: uniqueEmail(), role: 'owner' } },
      'admin',
    );
    expect(adminInvitesOwner.errors?.[0]?.extensions?.category).toBe('authorization');

    const transfer = await call(
      'mutation($input: TransferOrganisationOwnershipInput!) { transferOrganisationOwnership(input: $input) { role } }',
      { input: { organisation_id: organisation.id, member_id: seatOf('admin') } },
      'owner',
    );
    expect(transfer.data).toEqual({ transferOrganisationOwnership: { role: 'owner' } });
    const roles = await server.app.services.organisations.rolesOf(accounts.owner.id, [
      organisation.id,
    ]);
    expect(roles.get(organisation.id)).toBe('admin');
    const nowLeaves = await call(
      'mutation($input: LeaveOrganisationInput!) { leaveOrganisation(input: $input) }',
      { input: { organisation_id: organisation.id } },
      'owner',
    );
    expect(nowLeaves.data).toEqual({ leaveOrganisation: true });
  });

  it('answers a malformed organisation id with a validation error, not a server error', async () => {
    const body = await call(
      'query { teamMembers(organisation_id: "not-an-id") { id } }',
      {},
      'owner',
    );
    expect(body.errors?.[0]?.extensions?.category).toBe('validation');
  });
});
