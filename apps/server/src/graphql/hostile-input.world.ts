import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { registerAccount, uniqueEmail, type TestAccount } from '../../test/accounts';
import { asUser, type TestServer } from '../../test/harness';
import { managerAndReviewer, publishedOpportunity } from '../../test/opportunities';
import { insertOrganisation } from '../../test/organisations';
import { PDF_BYTES, uploadedId } from '../../test/uploads';
import type { Fixture, Position } from './hostile-input.cases';
import { rowsOf } from './hostile-input.answers';

/**
 * The records hostile-input.test.ts aims at: a platform admin owning an organisation with a
 * published opportunity, its team and people, an application with a comment, an upgrade request
 * and a file; and the fixture that puts their ids and slugs where each operation expects them.
 */

const PASSWORD = 'harpsichord-fugue-88';
const LISBON = '2267057';

export interface HostileWorld {
  admin: TestAccount;
  /** The admin as the test harness signs them in: past every scope. */
  adminHeaders: Record<string, string>;
  fixture: Fixture;
}

const formField = (order: number, type: string, slug: string, label: string) => ({
  id: randomUUID(),
  order,
  type,
  subtype: type === 'text_field' ? 'text' : null,
  slug,
  label,
  is_required: true,
  is_multiple: false,
  choices: [],
  min_length: null,
  max_length: null,
  file_size: null,
  file_count: null,
  accept: [],
  child_fields: [],
});

export async function seedHostileWorld(server: TestServer): Promise<HostileWorld> {
  const admin = await registerAccount(server, { name: 'Clara Admin', password: PASSWORD });
  await server.app.services.users.setRole(admin.id, 'admin');
  const adminHeaders = asUser(admin.id, 'admin');
  const [member, manager, reviewer, applicant] = await Promise.all(
    ['Mo Member', 'Mia Manager', 'Rui Reviewer', 'Ana Applicant'].map((name) =>
      registerAccount(server, { name }),
    ),
  );
  const organisation = await insertOrganisation(server.database.db, { name: 'Harbour Lights' }, [
    { userId: admin.id, email: admin.email, role: 'owner' },
    { userId: member!.id, email: member!.email, role: 'member' },
  ]);
  const opportunity = await publishedOpportunity(server, {
    organisationId: organisation.id,
    owner: admin,
    title: 'Harbour Stage',
    seats: managerAndReviewer(manager!, reviewer!),
    forms: [
      {
        type: 'INDIVIDUAL',
        fields: [
          formField(1, 'text_field', 'full_name', 'Full name'),
          formField(2, 'email', 'email', 'Email'),
          formField(3, 'location', 'address', 'Address'),
        ],
      },
    ],
  });
  const idOf = async (table: 'organisation_members' | 'opportunity_members', userId: string) =>
    (
      await rowsOf<{ id: string }>(
        server,
        sql`select id from ${sql.identifier(table)} where user_id = ${userId}`,
      )
    )[0]!.id;

  const call = async <Data>(
    query: string,
    input: Record<string, unknown>,
    headers: Record<string, string>,
  ) => {
    const response = await server.graphql<Data>(query, { input }, headers);
    if (!response.body.data) throw new Error(`seeding failed: ${JSON.stringify(response.body)}`);
    return response.body.data;
  };
  const applicationId = (
    await call<{ saveApplication: { id: string } }>(
      'mutation($input: SaveApplicationInput!) { saveApplication(input: $input) { id } }',
      {
        opportunity_id: opportunity.id,
        form_type: 'INDIVIDUAL',
        answers: {
          full_name: 'Ana Applicant',
          email: applicant!.email,
          address: { label: 'Rua das Flores 12, Lisbon', city_id: LISBON, country_code: 'PT' },
        },
      },
      applicant!.headers,
    )
  ).saveApplication.id;
  await call(
    'mutation($input: ApplicationIdInput!) { submitApplication(input: $input) { id } }',
    { id: applicationId },
    applicant!.headers,
  );

  const records = {
    organisationId: organisation.id,
    organisationSlug: organisation.slug,
    opportunityId: opportunity.id,
    opportunitySlug: opportunity.slug,
    applicationId,
    teamMemberId: await idOf('organisation_members', member!.id),
    opportunityMemberId: await idOf('opportunity_members', reviewer!.id),
    commentId: (
      await call<{ addApplicationComment: { id: string } }>(
        'mutation($input: AddApplicationCommentInput!) { addApplicationComment(input: $input) { id } }',
        { application_id: applicationId, content: 'A strong voice.' },
        adminHeaders,
      )
    ).addApplicationComment.id,
    upgradeId: (
      await call<{ requestAccountUpgrade: { id: string } }>(
        'mutation($input: RequestAccountUpgradeInput!) { requestAccountUpgrade(input: $input) { id } }',
        {
          organisation_name: 'Applicant Ensemble',
          message: 'We run a small festival every summer by the river.',
        },
        applicant!.headers,
      )
    ).requestAccountUpgrade.id,
    fileId: await uploadedId(
      server,
      { bytes: PDF_BYTES, name: 'rider.pdf', type: 'application/pdf' },
      'ATTACHMENT',
      adminHeaders,
    ),
  };

  const idByInput: Record<string, () => string> = {
    OpportunityIdInput: () => records.opportunityId,
    UpdateOpportunityInput: () => records.opportunityId,
    OrganisationIdInput: () => records.organisationId,
    UpdateOrganisationInput: () => records.organisationId,
    ApplicationIdInput: () => records.applicationId,
    TeamMemberIdInput: () => records.teamMemberId,
    ChangeTeamMemberRoleInput: () => records.teamMemberId,
    OpportunityMemberIdInput: () => records.opportunityMemberId,
    ChangeOpportunityMemberRoleInput: () => records.opportunityMemberId,
    DeleteApplicationCommentInput: () => records.commentId,
    DecideAccountUpgradeInput: () => records.upgradeId,
    FormFieldInput: () => randomUUID(),
  };
  const idFor = (parent: string | undefined, operation: string) => {
    if (parent) return idByInput[parent]?.();
    if (operation === 'user') return admin.id;
    return ['opportunityApplications', 'opportunityEventsLog', 'opportunityViews'].includes(
      operation,
    )
      ? records.opportunityId
      : records.applicationId;
  };

  /** Valid values of the seeded records, by where they go; undefined leaves the type's default. */
  const seededValue = ({ name, parent, operation }: Position): unknown => {
    switch (name) {
      case 'application':
      case 'application_id':
      case 'ids':
        return records.applicationId;
      case 'opportunity':
      case 'opportunity_id':
      case 'oppId':
        return records.opportunityId;
      case 'organisation':
      case 'organisation_id':
        return records.organisationId;
      case 'user_id':
      case 'userId':
        return admin.id;
      case 'member_id':
        return records.teamMemberId;
      case 'city_id':
        return LISBON;
      case 'avatar_file_id':
      case 'logo_file_id':
      case 'cover_file_id':
      case 'gallery_file_ids':
      case 'media_file_ids':
        return records.fileId;
      case 'orgSlug':
        return records.organisationSlug;
      case 'oppSlugs':
      case 'slugs':
        return records.opportunitySlug;
      case 'email':
        return parent === 'LoginInput' ? admin.email : uniqueEmail('hostile');
      case 'current_password':
        return PASSWORD;
      case 'password':
      case 'password_confirmation':
        return parent === 'LoginInput' ? PASSWORD : 'a-long-new-passphrase-42';
      case 'message':
      case 'content':
        return 'A message long enough to be accepted by every form.';
      case 'id':
        return idFor(parent, operation);
      case 'slug':
        // A query's own slug names the record it reads; a slug inside an input is left alone.
        if (parent) return undefined;
        return ['organisation', 'organisationApplicants'].includes(operation)
          ? records.organisationSlug
          : records.opportunitySlug;
      case 'title':
      case 'name':
      case 'organisation_name':
        return 'Harbour Lights';
      case 'time_zone':
        return 'Europe/Lisbon';
      case 'token':
      case 'refresh_token':
        return 'an-opaque-token-of-forty-characters-abcd';
      case 'type':
        return parent === 'FormFieldInput' ? 'text_field' : undefined;
      default:
        return undefined;
    }
  };

  return {
    admin,
    adminHeaders,
    fixture: {
      leaf: seededValue,
      // Optional in the schema, required by the service: without them every request fails early.
      alsoFilled: {
        CreateOpportunityInput: ['title', 'time_zone'],
        CreateOrganisationInput: ['name'],
        RegisterInput: ['name', 'email', 'password', 'password_confirmation', 'type'],
        LoginInput: ['email', 'password'],
        ChangeEmailInput: ['email', 'current_password'],
        ChangePasswordInput: ['current_password', 'password', 'password_confirmation'],
        DeleteAccountInput: ['current_password'],
        ForgotPasswordInput: ['email'],
        ResetPasswordInput: ['token', 'password', 'password_confirmation'],
        RefreshTokenInput: ['refresh_token'],
        VerifyEmailInput: ['token'],
        RequestAccountUpgradeInput: ['organisation_name', 'message'],
        RespondToOpportunityInvitationInput: ['token'],
        RespondToTeamInvitationInput: ['token'],
      },
    },
  };
}
