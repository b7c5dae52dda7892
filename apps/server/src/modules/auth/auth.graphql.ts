import { access } from '../../graphql/access-outcome';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { parseInput } from '../../lib/validation';
import { AccountTypeRef, asOwnAccount, UserRef } from '../users/users.graphql';
import type { AuthPayload } from './auth.service';
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  loginSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  tokenSchema,
} from './auth.schemas';

const requestMeta = (context: GraphQLContext) => ({
  ip: context.req.ip,
  userAgent: context.req.headers['user-agent'],
});

export function registerAuthGraphQL(): void {
  const AuthPayloadRef = builder.objectRef<AuthPayload>('AuthPayload').implement({
    fields: (t) => ({
      access_token: t.exposeString('access_token'),
      refresh_token: t.exposeString('refresh_token'),
      expires_in: t.exposeInt('expires_in', {
        description: 'Seconds until the access token expires.',
      }),
      token_type: t.exposeString('token_type'),
      user: t.field({ type: UserRef, resolve: (payload) => asOwnAccount(payload.user) }),
    }),
  });

  const SuccessRef = builder
    .objectRef<{ success: boolean; message: string }>('SuccessPayload')
    .implement({
      fields: (t) => ({ success: t.exposeBoolean('success'), message: t.exposeString('message') }),
    });

  // Inputs accept anything shaped like text, so a missing or malformed field gets a translated
  // sentence naming it (from the zod schema) rather than a bare GraphQL type error.
  const RegisterInput = builder.inputType('RegisterInput', {
    fields: (t) => ({
      name: t.string({ required: false }),
      email: t.string({ required: false }),
      password: t.string({ required: false }),
      password_confirmation: t.string({ required: false }),
      type: t.field({ type: AccountTypeRef, required: false }),
      locale: t.string({ required: false }),
    }),
  });
  const LoginInput = builder.inputType('LoginInput', {
    fields: (t) => ({
      email: t.string({ required: false }),
      password: t.string({ required: false }),
      remember_me: t.boolean({ required: false }),
    }),
  });
  const RefreshTokenInput = builder.inputType('RefreshTokenInput', {
    fields: (t) => ({ refresh_token: t.string({ required: false }) }),
  });

  const TokenInput = builder.inputType('VerifyEmailInput', {
    fields: (t) => ({ token: t.string({ required: false }) }),
  });
  const ForgotPasswordInput = builder.inputType('ForgotPasswordInput', {
    fields: (t) => ({ email: t.string({ required: false }) }),
  });
  const ResetPasswordInput = builder.inputType('ResetPasswordInput', {
    fields: (t) => ({
      token: t.string({ required: false }),
      password: t.string({ required: false }),
      password_confirmation: t.string({ required: false }),
    }),
  });

  const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
    fields: (t) => ({
      current_password: t.string({ required: false }),
      password: t.string({ required: false }),
      password_confirmation: t.string({ required: false }),
      remember_me: t.boolean({ required: false }),
    }),
  });
  const ChangeEmailInput = builder.inputType('ChangeEmailInput', {
    fields: (t) => ({
      email: t.string({ required: false }),
      current_password: t.string({ required: false }),
    }),
  });
  const DeleteAccountInput = builder.inputType('DeleteAccountInput', {
    fields: (t) => ({ current_password: t.string({ required: false }) }),
  });

  builder.mutationFields((t) => ({
    changePassword: t.field({
      type: AuthPayloadRef,
      description: 'Every session of the account ends; the answer is a new one for this device.',
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      args: { input: t.arg({ type: ChangePasswordInput }) },
      resolve: (_root, { input }, context) =>
        context.services.auth.changePassword(
          context.viewer.user!.id,
          parseInput(changePasswordSchema, withoutNulls(input), context.t),
          requestMeta(context),
        ),
    }),
    changeEmail: t.field({
      type: SuccessRef,
      description:
        'Sends a confirmation link to the new address; the account moves when it is followed.',
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      args: { input: t.arg({ type: ChangeEmailInput }) },
      resolve: async (_root, { input }, context) => {
        const parsed = parseInput(changeEmailSchema, withoutNulls(input), context.t);
        await context.services.auth.requestEmailChange(context.viewer.user!.id, parsed);
        return {
          success: true,
          message: context.t('auth.email_change_sent', { email: parsed.email }),
        };
      },
    }),
    deleteAccount: t.field({
      type: SuccessRef,
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      args: { input: t.arg({ type: DeleteAccountInput }) },
      resolve: async (_root, { input }, context) => {
        await context.services.auth.deleteAccount(
          context.viewer.user!.id,
          parseInput(deleteAccountSchema, withoutNulls(input), context.t),
        );
        return { success: true, message: context.t('auth.account_deleted') };
      },
    }),
    verifyEmail: t.field({
      type: UserRef,
      extensions: access({ record: 'own' }),
      authScopes: { public: true },
      args: { input: t.arg({ type: TokenInput }) },
      resolve: async (_root, { input }, context) =>
        asOwnAccount(
          await context.services.auth.verifyEmail(
            parseInput(tokenSchema, withoutNulls(input), context.t).token,
          ),
        ),
    }),
    resendVerification: t.field({
      type: SuccessRef,
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      resolve: async (_root, _args, context) => {
        await context.services.auth.resendVerification(context.viewer.user!.id);
        return { success: true, message: context.t('auth.verification_sent') };
      },
    }),
    forgotPassword: t.field({
      type: SuccessRef,
      extensions: access({ record: 'own' }),
      authScopes: { public: true },
      args: { input: t.arg({ type: ForgotPasswordInput }) },
      resolve: async (_root, { input }, context) => {
        await context.services.auth.forgotPassword(
          parseInput(forgotPasswordSchema, withoutNulls(input), context.t).email,
          requestMeta(context),
        );
        return { success: true, message: context.t('auth.reset_link_sent') };
      },
    }),
    resetPassword: t.field({
      type: SuccessRef,
      extensions: access({ record: 'own' }),
      authScopes: { public: true },
      args: { input: t.arg({ type: ResetPasswordInput }) },
      resolve: async (_root, { input }, context) => {
        const parsed = parseInput(resetPasswordSchema, withoutNulls(input), context.t);
        await context.services.auth.resetPassword(parsed.token, parsed.password);
        return { success: true, message: context.t('auth.password_reset') };
      },
    }),
    register: t.field({
      type: AuthPayloadRef,
      extensions: access({ record: 'own' }),
      authScopes: { public: true },
      args: { input: t.arg({ type: RegisterInput }) },
      resolve: (_root, { input }, context) => {
        const parsed = parseInput(registerSchema, withoutNulls(input), context.t);
        return context.services.auth.register(parsed, context.locale, requestMeta(context));
      },
    }),
    login: t.field({
      type: AuthPayloadRef,
      extensions: access({ record: 'own' }),
      authScopes: { public: true },
      args: { input: t.arg({ type: LoginInput }) },
      resolve: (_root, { input }, context) =>
        context.services.auth.login(
          parseInput(loginSchema, withoutNulls(input), context.t),
          requestMeta(context),
        ),
    }),
    refreshToken: t.field({
      type: AuthPayloadRef,
      extensions: access({ record: 'own' }),
      authScopes: { public: true },
      args: { input: t.arg({ type: RefreshTokenInput }) },
      resolve: (_root, { input }, context) =>
        context.services.auth.refresh(
          parseInput(refreshSchema, withoutNulls(input), context.t).refresh_token,
          requestMeta(context),
        ),
    }),
    logout: t.field({
      type: SuccessRef,
      extensions: access({ record: 'own' }),
      authScopes: { public: true },
      args: { input: t.arg({ type: RefreshTokenInput }) },
      resolve: async (_root, { input }, context) => {
        await context.services.auth.logout(
          parseInput(refreshSchema, withoutNulls(input), context.t).refresh_token,
        );
        return { success: true, message: context.t('auth.logged_out') };
      },
    }),
  }));
}

/** GraphQL gives absent optional fields as null; the schemas treat absent and null alike. */
function withoutNulls<T extends Record<string, unknown>>(
  input: T,
): Partial<{ [K in keyof T]: Exclude<T[K], null> }> {
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<{
    [K in keyof T]: Exclude<T[K], null>;
  }>;
}
