import { z } from 'zod';

const text = (max: number) =>
  z
    .string()
    .refine((value) => !value.includes('\u0000'), 'validation.nul_character')
    .trim()
    .min(1, 'validation.required')
    .max(max);

/**
 * A bank account as the organiser's form sends it, checked before the processor sees it (which
 * judges the number itself and names the field it refuses).
 */
export const externalAccountInputSchema = z.strictObject({
  country: text(2),
  currency: text(3),
  holder_name: text(120),
  account_number: text(64),
  routing_number: text(32).nullish(),
  account_type: z.enum(['individual', 'company']).nullish(),
});
