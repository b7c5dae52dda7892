import type { FeatureHandlers } from '../../events/handlers';
import type { Sealer } from '../../lib/sealed';
import type { MailService } from './mail.service';

export interface MailHandlerDependencies {
  mail: MailService;
  sealer: Sealer;
  publicUrl: string;
}

/**
 * The emails events cause. A handler that fails (the mail server is down) fails the delivery, not
 * the request that caused the event: the dispatcher tries again later.
 */
export function mailEventHandlers({ mail, sealer, publicUrl }: MailHandlerDependencies) {
  const link = (path: string, sealedToken: string) =>
    `${publicUrl}${path}?token=${sealer.unseal(sealedToken)}`;
  return {
    name: 'mail',
    inTransaction: false,
    on: {
      async EmailVerificationRequested({ payload }) {
        await mail.send({
          to: payload.email,
          locale: payload.locale,
          template: 'verify_email',
          values: {
            name: payload.name,
            actionUrl: link('/register/complete', payload.sealedToken),
          },
        });
      },
      async PasswordResetRequested({ payload }) {
        await mail.send({
          to: payload.email,
          locale: payload.locale,
          template: 'reset_password',
          values: { name: payload.name, actionUrl: link('/password/reset', payload.sealedToken) },
        });
      },
      async PasswordChanged({ payload }) {
        await mail.send({
          to: payload.email,
          locale: payload.locale,
          template: 'password_changed',
          values: { name: payload.name },
        });
      },
      async EmailChangeRequested({ payload }) {
        // The new address gets the link that proves it; the current one is told, so a stolen
        // session cannot quietly take the account over.
        await mail.send({
          to: payload.newEmail,
          locale: payload.locale,
          template: 'change_email',
          values: {
            name: payload.name,
            actionUrl: link('/register/complete', payload.sealedToken),
          },
        });
        await mail.send({
          to: payload.email,
          locale: payload.locale,
          template: 'email_change_requested',
          values: { name: payload.name, newEmail: payload.newEmail },
        });
      },
    },
  } satisfies FeatureHandlers;
}
