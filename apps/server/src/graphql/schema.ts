import { registerPaymentsReportsGraphQL } from '../modules/payments/payments-reports.graphql';
import { registerPayoutsGraphQL } from '../modules/payments/payouts.graphql';
import { registerRefundsGraphQL } from '../modules/payments/refunds.graphql';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { registerApplicantsGraphQL } from '../modules/applications/applications.applicants.graphql';
import { registerApplicationsDashboardGraphQL } from '../modules/applications/applications.dashboard.graphql';
import { registerApplicationsGraphQL } from '../modules/applications/applications.graphql';
import { registerApplicationMessagesGraphQL } from '../modules/applications/applications.messages.graphql';
import { registerApplicationReviewsGraphQL } from '../modules/applications/applications.reviews.graphql';
import { registerAccountUpgradesGraphQL } from '../modules/account-upgrades/account-upgrades.graphql';
import { registerDomainEventsGraphQL } from '../events/events.graphql';
import { registerAuthGraphQL } from '../modules/auth/auth.graphql';
import { registerFilesGraphQL } from '../modules/files/files.graphql';
import { registerFormsGraphQL } from '../modules/forms/forms.graphql';
import { registerUsersGraphQL } from '../modules/users/users.graphql';
import { registerLookupsGraphQL } from '../modules/lookups/lookups.graphql';
import { registerAccessGraphQL } from '../modules/access/access.graphql';
import { registerNotificationsGraphQL } from '../modules/notifications/notifications.graphql';
import { registerOpportunitiesGraphQL } from '../modules/opportunities/opportunities.graphql';
import { registerOpportunitySearchGraphQL } from '../modules/opportunities/opportunities.search.graphql';
import { registerOpportunityTeamGraphQL } from '../modules/opportunities/opportunities.team.graphql';
import { registerOrganisationsGraphQL } from '../modules/organisations/organisations.graphql';
import { registerCheckoutGraphQL } from '../modules/payments/checkout.graphql';
import { registerCouponsGraphQL } from '../modules/payments/coupons.graphql';
import { registerReceiptsGraphQL } from '../modules/payments/receipts.graphql';
import { registerPaymentAccountsGraphQL } from '../modules/payments/payment-accounts.graphql';
import { registerPaymentsConfigGraphQL } from '../modules/payments/payments-config.graphql';
import { registerProfilesGraphQL } from '../modules/profiles/profiles.graphql';
import { builder } from './builder';
import { registerMoney } from './money';
import { registerScalars } from './scalars';

let schema: GraphQLSchema | undefined;

/** Builds the schema once per process; each feature adds its types through one explicit call. */
export function getSchema(): GraphQLSchema {
  if (schema) return schema;
  // Declared here, not in builder.ts: a schema whose Mutation type has no fields is invalid.
  builder.mutationType({});
  registerScalars();
  registerMoney();
  registerUsersGraphQL();
  registerAuthGraphQL();
  registerLookupsGraphQL();
  registerFilesGraphQL();
  registerProfilesGraphQL();
  registerAccountUpgradesGraphQL();
  registerOrganisationsGraphQL();
  registerNotificationsGraphQL();
  registerOpportunitiesGraphQL();
  registerOpportunitySearchGraphQL();
  registerOpportunityTeamGraphQL();
  registerFormsGraphQL();
  registerApplicationsGraphQL();
  registerApplicationsDashboardGraphQL();
  registerApplicantsGraphQL();
  registerApplicationReviewsGraphQL();
  registerApplicationMessagesGraphQL();
  registerAccessGraphQL();
  registerDomainEventsGraphQL();
  registerPaymentAccountsGraphQL();
  registerPaymentsConfigGraphQL();
  registerCouponsGraphQL();
  registerCheckoutGraphQL();
  registerRefundsGraphQL();
  registerPaymentsReportsGraphQL();
  registerPayoutsGraphQL();
  registerReceiptsGraphQL();
  schema = builder.toSchema({ sortSchema: true });
  return schema;
}

export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(getSchema()))}\n`;
}
