import {
  DEFAULT_LOCALE,
  formatMoney,
  isSupportedLocale,
  type Locale,
  type NotificationType,
} from '@encore/core';
import type { FeatureHandlers } from '../../events/handlers';
import { translatorFor } from '../../lib/i18n';
import type { Sealer } from '../../lib/sealed';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import type { Receipts } from '../payments/receipts.service';
import type { NotificationPreferences } from '../notifications/notifications.preferences';
import type { UsersService } from '../users/users.service';
import type { MailService } from './mail.service';

export interface MailHandlerDependencies {
  mail: MailService;
  sealer: Sealer;
  publicUrl: string;
  users: UsersService;
  opportunities: OpportunitiesService;
  preferences: NotificationPreferences;
  receipts: Pick<Receipts, 'ofPayment'>;
}

const localeOf = (locale: string | undefined): Locale =>
  locale && isSupportedLocale(locale) ? locale : DEFAULT_LOCALE;

/**
 * The emails events cause. A handler that fails (the mail server is down) fails the delivery, not
 * the request that caused the event: the dispatcher tries again later. An event that mails several
 * people is sent again whole when one of them failed.
 */
export function mailEventHandlers({
  mail,
  sealer,
  publicUrl,
  users,
  opportunities,
  preferences,
  receipts,
}: MailHandlerDependencies) {
  const sealedLink = (sealedPath: string) => `${publicUrl}${sealer.unseal(sealedPath)}`;
  /** Those of the people named who chose to get this kind by email at once. */
  const mailedAbout = async (type: NotificationType, userIds: string[]) =>
    [...(await preferences.channelsFor(userIds, type))]
      .filter(([, channel]) => channel === 'email')
      .map(([userId]) => userId);
  return {
    name: 'mail',
    inTransaction: false,
    on: {
      async EmailVerificationRequested({ payload }) {
        await mail.send({
          to: payload.email,
          locale: payload.locale,
          template: 'verify_email',
          values: { name: payload.name, actionUrl: sealedLink(payload.sealedPath) },
        });
      },
      async PasswordResetRequested({ payload }) {
        await mail.send({
          to: payload.email,
          locale: payload.locale,
          template: 'reset_password',
          values: { name: payload.name, actionUrl: sealedLink(payload.sealedPath) },
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
          values: { name: payload.name, actionUrl: sealedLink(payload.sealedPath) },
        });
        await mail.send({
          to: payload.email,
          locale: payload.locale,
          template: 'email_change_requested',
          values: { name: payload.name, newEmail: payload.newEmail },
        });
      },
      async AccountUpgradeDecided({ payload }) {
        if ((await mailedAbout('upgrade_decision', [payload.userId])).length === 0) return;
        const user = await users.findActive(payload.userId);
        if (!user) return;
        await mail.send({
          unsubscribeUrl: preferences.unsubscribeLink(user.id, 'upgrade_decision'),
          to: user.email,
          locale: localeOf(user.locale),
          template: payload.approved ? 'upgrade_approved' : 'upgrade_rejected',
          values: {
            name: user.name,
            organisation: payload.organisationName,
            note: payload.note ?? '',
            actionUrl: payload.approved
              ? `${publicUrl}/organisations/create`
              : `${publicUrl}/account/upgrade`,
          },
        });
      },
      async TeamMemberInvited({ payload }) {
        const t = translatorFor(payload.locale);
        await mail.send({
          to: payload.email,
          locale: payload.locale,
          template: 'team_invitation',
          values: {
            name: payload.inviteeName ?? payload.email,
            organisation: payload.organisationName,
            inviter: payload.inviterName,
            role: t(`emails:team_roles.${payload.role}`),
            actionUrl: sealedLink(payload.sealedPath),
          },
        });
      },
      async OpportunityMemberInvited({ payload }) {
        const t = translatorFor(payload.locale);
        await mail.send({
          to: payload.email,
          locale: payload.locale,
          template: 'opportunity_invitation',
          values: {
            name: payload.inviteeName ?? payload.email,
            opportunity: payload.opportunityTitle,
            inviter: payload.inviterName,
            role: t(`emails:opportunity_roles.${payload.role}`),
            actionUrl: sealedLink(payload.sealedPath),
          },
        });
      },
      async ApplicationStatusChanged({ payload }) {
        // Withdrawing is the applicant's own act: nothing to tell them.
        if (payload.to === 'WITHDRAWN') return;
        if ((await mailedAbout('application_status', [payload.applicantId])).length === 0) return;
        const [applicant, [opportunity]] = await Promise.all([
          users.current(payload.applicantId),
          opportunities.byIds([payload.opportunityId]),
        ]);
        const locale = localeOf(applicant?.locale);
        const t = translatorFor(locale);
        await mail.send({
          unsubscribeUrl: preferences.unsubscribeLink(payload.applicantId, 'application_status'),
          to: applicant?.email ?? payload.applicationEmail,
          locale,
          template: 'application_status',
          values: {
            name: payload.applicantName,
            opportunity: opportunity?.title ?? '',
            code: payload.code,
            status: t(`emails:application_statuses.${payload.to}`),
            note: t(`emails:application_status_notes.${payload.to}`),
            actionUrl: `${publicUrl}/application/${payload.applicationId}`,
          },
        });
      },
      async PaymentStatusChanged({ payload }) {
        // The receipt goes once the applicant has paid (or owes nothing), in their language.
        if (payload.to !== 'SUCCEEDED') return;
        const receipt = await receipts.ofPayment(payload.paymentId);
        if (!receipt) return;
        const applicant = payload.userId ? await users.current(payload.userId) : undefined;
        const to = applicant?.email ?? receipt.applicantEmail;
        if (!to) return;
        const locale = localeOf(applicant?.locale);
        const t = translatorFor(locale);
        await mail.send({
          to,
          locale,
          template: 'payment_receipt',
          values: {
            name: applicant?.name ?? receipt.applicantName,
            number: receipt.number,
            organisation: receipt.organisationName,
            opportunity: receipt.opportunityTitle,
            tier: receipt.tierTitle
              ? t('emails:payment_receipt.tier', { tier: receipt.tierTitle })
              : '',
            coupon: receipt.couponCode
              ? t('emails:payment_receipt.coupon', {
                  code: receipt.couponCode,
                  percent: receipt.discountPercent,
                })
              : '',
            total: formatMoney(receipt.total, receipt.currency, locale),
            actionUrl: `${publicUrl}/receipt/${receipt.token}`,
          },
        });
      },
      async ApplicationMessageSent({ payload }) {
        const mailed = await mailedAbout('application_message', payload.recipientIds);
        const recipients = await Promise.all(mailed.map((id) => users.current(id)));
        const actionUrl = payload.fromOrganisation
          ? `${publicUrl}/application/${payload.applicationId}`
          : `${publicUrl}/application/${payload.applicationId}/review`;
        for (const recipient of recipients) {
          if (!recipient) continue;
          await mail.send({
            unsubscribeUrl: preferences.unsubscribeLink(recipient.id, 'application_message'),
            to: recipient.email,
            locale: localeOf(recipient.locale),
            template: 'application_message',
            values: {
              name: recipient.name,
              opportunity: payload.opportunityTitle,
              sender: payload.senderName,
              code: payload.code,
              message: payload.message,
              actionUrl,
            },
          });
        }
      },
    },
  } satisfies FeatureHandlers;
}
