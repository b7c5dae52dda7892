import { ACCOUNT_TYPES, SUPPORTED_LOCALES } from '@encore/core';
import { z } from 'zod';
import { isCommonPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.passwords';

const email = z.string().trim().toLowerCase().max(254).email();
const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH)
  .refine((password) => !isCommonPassword(password), 'validation.password_common');

const withConfirmation = <Shape extends { password: string; password_confirmation: string }>(
  schema: z.ZodType<Shape>,
) =>
  schema.refine((input) => input.password === input.password_confirmation, {
    message: 'validation.password_confirmation',
    path: ['password_confirmation'],
  });

export const registerSchema = withConfirmation(
  z.strictObject({
    name: z.string().trim().min(2).max(100),
    email,
    password: newPassword,
    password_confirmation: z.string(),
    type: z.enum(ACCOUNT_TYPES),
    locale: z.enum(SUPPORTED_LOCALES).optional(),
  }),
);

export const loginSchema = z.strictObject({
  email,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  remember_me: z.boolean().optional(),
});

export const refreshSchema = z.strictObject({ refresh_token: z.string().min(1).max(200) });
export const tokenSchema = z.strictObject({ token: z.string().min(1).max(200) });
export const forgotPasswordSchema = z.strictObject({ email });

export const resetPasswordSchema = withConfirmation(
  z.strictObject({
    token: z.string().min(1).max(200),
    password: newPassword,
    password_confirmation: z.string(),
  }),
);

const currentPassword = z.string().min(1).max(PASSWORD_MAX_LENGTH);

export const changePasswordSchema = withConfirmation(
  z.strictObject({
    current_password: currentPassword,
    password: newPassword,
    password_confirmation: z.string(),
    remember_me: z.boolean().optional(),
  }),
);

export const changeEmailSchema = z.strictObject({ email, current_password: currentPassword });
export const deleteAccountSchema = z.strictObject({ current_password: currentPassword });
