import { useState, type FormEvent } from 'react';
import { SECURITY_TEXT } from '@shared/account-security/texts';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { PasswordStrength } from '../../components/password-strength';
import { changePassword } from '../api';
import { SecurityCardHeader } from './security-card-header';

type Errors = Partial<Record<'currentPassword' | 'newPassword' | 'confirm', string>>;

/** Changing the password, with the current one, and closing the other sessions by default. */
export function PasswordCard() {
  const { user } = useSession();
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [newPassword, setNewPassword] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get('currentPassword') ?? '');
    const newPassword = String(data.get('newPassword') ?? '');
    if (newPassword !== String(data.get('confirm') ?? '')) {
      setErrors({ confirm: ACCOUNT_MESSAGES.passwordsDoNotMatch });
      return;
    }
    setPending(true);
    setErrors({});
    try {
      await changePassword({
        currentPassword,
        newPassword,
        revokeOtherSessions: data.get('revokeOtherSessions') === 'on',
      });
      form.reset();
      setNewPassword('');
      toast({ title: SECURITY_TEXT.passwordChanged, variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError) {
        const field = error.fields?.password
          ? 'newPassword'
          : error.status === 400
            ? 'currentPassword'
            : null;
        setErrors(field ? { [field]: error.fields?.password ?? error.message } : {});
        if (!field)
          toast({
            title: ACCOUNT_MESSAGES.updateErrorTitle,
            description: error.message,
            variant: 'destructive',
          });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Card className="p-5 sm:p-6" aria-labelledby="password-title">
      <SecurityCardHeader id="password-title" title={SECURITY_TEXT.passwordTitle}>
        {SECURITY_TEXT.passwordIntro}
      </SecurityCardHeader>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid max-w-md gap-4">
        <FormField
          id="current-password"
          label={SECURITY_TEXT.currentPassword}
          error={errors.currentPassword}
        >
          <Input
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            {...describedBy('current-password', errors.currentPassword)}
          />
        </FormField>
        <FormField id="new-password" label={SECURITY_TEXT.newPassword} error={errors.newPassword}>
          <Input
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            {...describedBy('new-password', errors.newPassword)}
            aria-describedby={errors.newPassword ? 'new-password-error' : 'new-password-strength'}
          />
          <PasswordStrength
            id="new-password"
            password={newPassword}
            email={user?.email}
            name={user?.name}
            quiet={Boolean(errors.newPassword)}
          />
        </FormField>
        <FormField
          id="confirm-password"
          label={SECURITY_TEXT.confirmPassword}
          error={errors.confirm}
        >
          <Input
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            {...describedBy('confirm-password', errors.confirm)}
          />
        </FormField>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="revokeOtherSessions"
            defaultChecked
            className="size-4 rounded border-input accent-primary"
          />
          {SECURITY_TEXT.revokeOthers}
        </label>
        <div>
          <Button type="submit" disabled={pending}>
            {SECURITY_TEXT.changePassword}
          </Button>
        </div>
      </form>
    </Card>
  );
}
