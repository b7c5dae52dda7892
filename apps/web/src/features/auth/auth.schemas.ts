import { z } from 'zod';

/** Messages are translation keys (namespace `common`). */
export const PASSWORD_MIN_LENGTH = 8;

const email = z.email('auth.validation.email');
const newPassword = z.string().min(PASSWORD_MIN_LENGTH, 'auth.validation.passwordMin');

export const ACCOUNT_TYPES = ['INDIVIDUAL', 'BAND', 'ORGANISATION'] as const;

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'auth.validation.passwordRequired'),
  remember_me: z.boolean(),
});

export const registerSchema = z
  // In the order of the form, so the first invalid field is the one focused.
  .object({
    type: z.enum(ACCOUNT_TYPES, 'auth.validation.type'),
    name: z.string().trim().min(1, 'auth.validation.name').max(255, 'auth.validation.nameMax'),
    email,
    password: newPassword,
    password_confirmation: z.string(),
    accept_terms: z.boolean().refine((accepted) => accepted, 'auth.validation.acceptTerms'),
  })
  .refine((values) => values.password === values.password_confirmation, {
    path: ['password_confirmation'],
    message: 'auth.validation.passwordMismatch',
  });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({ password: newPassword, password_confirmation: z.string() })
  .refine((values) => values.password === values.password_confirmation, {
    path: ['password_confirmation'],
    message: 'auth.validation.passwordMismatch',
  });

/** Only same-site paths are followed after login, never another origin ("//evil.example"). */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return fallback;
  }
  return next;
}
