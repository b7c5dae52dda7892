import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AuthPayload } from '../../app/session';

export type AccountType = 'INDIVIDUAL' | 'BAND' | 'ORGANISATION';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  type: AccountType;
  locale: string;
}

export interface LoginInput {
  email: string;
  password: string;
  remember_me: boolean;
}

export interface ForgotPasswordInput {
  email: string;
}

export interface ResetPasswordInput {
  token: string;
  password: string;
  password_confirmation: string;
}

export interface StatusPayload {
  success: boolean;
  message: string | null;
}

const AUTH_PAYLOAD_FIELDS = gql`
  fragment AuthPayloadFields on AuthPayload {
    access_token
    refresh_token
    expires_in
    token_type
    user {
      id
      name
      email
      role {
        name
        display_name
      }
    }
  }
`;

export const REGISTER: TypedDocumentNode<{ register: AuthPayload }, { input: RegisterInput }> = gql`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      ...AuthPayloadFields
    }
  }
  ${AUTH_PAYLOAD_FIELDS}
`;

export const LOGIN: TypedDocumentNode<{ login: AuthPayload }, { input: LoginInput }> = gql`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      ...AuthPayloadFields
    }
  }
  ${AUTH_PAYLOAD_FIELDS}
`;

export const FORGOT_PASSWORD: TypedDocumentNode<
  { forgotPassword: StatusPayload },
  { input: ForgotPasswordInput }
> = gql`
  mutation ForgotPassword($input: ForgotPasswordInput!) {
    forgotPassword(input: $input) {
      success
      message
    }
  }
`;

export const RESET_PASSWORD: TypedDocumentNode<
  { resetPassword: StatusPayload },
  { input: ResetPasswordInput }
> = gql`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      success
      message
    }
  }
`;

export const VERIFY_EMAIL: TypedDocumentNode<
  { verifyEmail: { id: string; email: string | null; is_verified: boolean } },
  { input: { token: string } }
> = gql`
  mutation VerifyEmail($input: VerifyEmailInput!) {
    verifyEmail(input: $input) {
      id
      email
      is_verified
    }
  }
`;
