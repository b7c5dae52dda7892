import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '../auth.schemas';
import { PasswordField } from './PasswordField';

interface BoundField {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error: boolean;
}

interface NewPasswordFieldsProps {
  idPrefix: string;
  passwordLabel: string;
  password: BoundField;
  confirmation: BoundField;
  passwordError: string | undefined;
  confirmationError: string | undefined;
}

/** A new password and its confirmation, as registering and resetting ask for them. */
export function NewPasswordFields({
  idPrefix,
  passwordLabel,
  password,
  confirmation,
  passwordError,
  confirmationError,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        {...password}
        id={`${idPrefix}-password`}
        label={passwordLabel}
        autoComplete="new-password"
        required
        helperText={passwordError ?? t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      />
      <PasswordField
        {...confirmation}
        id={`${idPrefix}-password-confirmation`}
        label={t('auth.fields.passwordConfirmation')}
        autoComplete="new-password"
        required
        helperText={confirmationError}
      />
    </>
  );
}
