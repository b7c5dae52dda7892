import { gql, type TypedDocumentNode } from '@apollo/client';

/** Ends the session on the server: its refresh token (and the token's whole family) stops working. */
export const LOGOUT: TypedDocumentNode<
  { logout: { success: boolean; message: string | null } },
  { input: { refresh_token: string } }
> = gql`
  mutation Logout($input: RefreshTokenInput!) {
    logout(input: $input) {
      success
      message
    }
  }
`;
