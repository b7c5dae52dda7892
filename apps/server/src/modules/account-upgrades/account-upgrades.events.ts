/** What the account-upgrades feature tells the rest of the product. */
export interface AccountUpgradeEvents {
  AccountUpgradeDecided: {
    requestId: string;
    userId: string;
    approved: boolean;
    organisationName: string;
    /** The administrator's note to the person, if any. */
    note: string | null;
  };
}

export const upgradeRequestAggregate = (requestId: string) => `account-upgrade:${requestId}`;
