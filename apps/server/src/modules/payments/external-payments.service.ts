import { UUID_PATTERN } from '@encore/core';
import { eq } from 'drizzle-orm';
import type { Outbox } from '../../events/outbox';
import { AppError } from '../../lib/errors';
import type { ViewerAccess } from '../access/access';
import type { ApplicationsService } from '../applications/applications.service';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import { paymentsPolicy } from './payments.policy';
import type { PaymentSettlement } from './payments.settlement';
import { payments, type PaymentRow } from './payments.table';

/**
 * Fees paid on the organisation's own site (PAID_EXTERNAL): whoever manages the opportunity's
 * payments records one, and the application is sent as if paid here, with no money in Encore's
 * books and a numbered receipt all the same.
 */
export function createExternalPayments({
  outbox,
  opportunities,
  applications,
  settlement,
}: {
  outbox: Outbox;
  opportunities: Pick<OpportunitiesService, 'requireById' | 'paymentOptionsOf'>;
  applications: Pick<ApplicationsService, 'requireById'>;
  settlement: PaymentSettlement;
}) {
  return {
    async record(
      applicationId: string,
      actor: { id: string; access: Pick<ViewerAccess, 'opportunity'> },
    ): Promise<PaymentRow> {
      if (!UUID_PATTERN.test(applicationId)) throw AppError.notFound('application');
      const application = await applications.requireById(applicationId);
      const grant = await actor.access.opportunity(application.opportunityId);
      // As every other action on someone's application: whoever may not is told there is none.
      if (!paymentsPolicy.manage(grant)) throw AppError.notFound('application');
      const opportunity = await opportunities.requireById(application.opportunityId);
      const waiting = application.status === 'DRAFT' || application.paymentStatus === 'SUCCEEDED';
      if (
        opportunity.paymentType !== 'PAID_EXTERNAL' ||
        application.paymentStatus === null ||
        !waiting
      ) {
        throw new AppError('CONFLICT', 'This application is not waiting for a payment.', {
          messageKey: 'errors.payment_not_due',
        });
      }
      const [options = []] = await opportunities.paymentOptionsOf([opportunity.id]);
      const option = options[0];
      return outbox.transaction(async (tx) => {
        await tx
          .insert(payments)
          .values({
            applicationId: application.id,
            opportunityId: opportunity.id,
            organisationId: opportunity.organisationId,
            userId: application.userId,
            paymentOptionId: option?.id ?? null,
            method: 'EXTERNAL_PAYMENT',
            status: 'REQUIRES_CREATION',
            optionTitle: option?.title ?? null,
            currency: (option?.currency ?? 'EUR').toUpperCase(),
            price: option?.cost ?? 0,
            amount: option?.cost ?? 0,
            idempotencyKey: `external:${application.id}`,
            recordedBy: actor.id,
            payerName: application.name,
            payerEmail: application.email || null,
          })
          .onConflictDoNothing({ target: payments.applicationId });
        // Recorded twice at once, or already: the second finds it paid and changes nothing.
        const [row] = await tx
          .select()
          .from(payments)
          .where(eq(payments.applicationId, application.id))
          .for('update');
        if (row!.status === 'SUCCEEDED') return row!;
        if (row!.method !== 'EXTERNAL_PAYMENT') {
          throw new AppError('CONFLICT', 'This application is not waiting for a payment.', {
            messageKey: 'errors.payment_not_due',
          });
        }
        return settlement.succeed(tx, row!, { processorFee: null });
      });
    },
  };
}

export type ExternalPayments = ReturnType<typeof createExternalPayments>;
