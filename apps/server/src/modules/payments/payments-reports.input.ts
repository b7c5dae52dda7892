import { PAYMENT_STATUSES } from '@encore/core';
import { z } from 'zod';

/** The payments list's filters, as the page and the CSV link send them. */
export const paymentsFilterSchema = z.strictObject({
  q: z
    .string()
    .refine((text) => !text.includes('\u0000'), 'validation.nul_character')
    .trim()
    .max(200)
    .nullish(),
  status: z.enum(PAYMENT_STATUSES).nullish(),
  refunded: z.boolean().nullish(),
  sort: z.enum(['CREATED_AT', 'AMOUNT', 'NAME', 'STATUS']).nullish(),
  asc: z.boolean().nullish(),
});
