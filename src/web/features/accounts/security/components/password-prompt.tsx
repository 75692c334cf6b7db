import { useState, type FormEvent } from 'react';
import { SECURITY_TEXT } from '@shared/account-security/texts';
import { DialogForm } from '@web/components/ui/dialog-form';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api-client';

/**
 * A dialog step that asks for the account's password and hands it to
 * `onPassword`; what that throws is shown under the field, in Spanish.
 */
export function PasswordPrompt({
  id,
  title,
  description,
  submitLabel = SECURITY_TEXT.stepUpSubmit,
  onPassword,
  onCancel,
}: {
  id: string;
  title: string;
  description: string;
  submitLabel?: string;
  onPassword: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      await onPassword(String(new FormData(event.currentTarget).get('password') ?? ''));
    } catch (caught) {
      setPending(false);
      setError(
        caught instanceof ApiError ? (caught.fields?.password ?? caught.message) : String(caught),
      );
    }
  }

  return (
    <DialogForm
      title={title}
      description={description}
      onSubmit={onSubmit}
      onCancel={onCancel}
      pending={pending}
      submitLabel={submitLabel}
    >
      <FormField id={id} label={SECURITY_TEXT.currentPassword} error={error}>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          autoFocus
          required
          {...describedBy(id, error)}
        />
      </FormField>
    </DialogForm>
  );
}
