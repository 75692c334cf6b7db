import { CircleCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MAX, PASSWORD_MIN } from '@shared/accounts/accounts.schema';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { Button } from '@web/components/ui/button';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { paths } from '@web/config/paths';
import { announceSessionChange } from '@web/lib/session';
import { resetPassword } from './api/auth-requests';
import { AuthCard } from './components/auth-card';

/** spec 01 §9: the redirect to /login after a successful update. */
export const REDIRECT_DELAY_MS = 3000;

/** spec 01 §2 /update-password, opened from the recovery e-mail. */
export function UpdatePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    const confirm = String(data.get('confirm') ?? '');
    if (password !== confirm) return setError(ACCOUNT_MESSAGES.passwordsDoNotMatch);
    if (password.length < PASSWORD_MIN) return setError(ACCOUNT_MESSAGES.passwordTooShort);
    if (password.length > PASSWORD_MAX) return setError(ACCOUNT_MESSAGES.passwordTooLong);
    setError(undefined);
    setSubmitting(true);
    try {
      await resetPassword({ newPassword: password, token: token ?? '' });
      // The other sessions were ended on the server; other open tabs read it again.
      announceSessionChange();
      toast({
        title: ACCOUNT_MESSAGES.updateSuccessTitle,
        description: ACCOUNT_MESSAGES.updateSuccessDescription,
        variant: 'success',
      });
      setDone(true);
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : ACCOUNT_MESSAGES.invalidToken;
      setError(message);
      toast({
        title: ACCOUNT_MESSAGES.updateErrorTitle,
        description: message,
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Nueva contraseña"
      description={done ? undefined : 'Elige una contraseña nueva para tu cuenta.'}
      back={{ to: paths.login, label: 'Volver a iniciar sesión' }}
    >
      {done ? (
        <div className="text-center" role="status">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-100 text-success">
            <CircleCheck className="size-6" aria-hidden />
          </span>
          <h2 className="mt-4 text-lg font-semibold">Contraseña actualizada</h2>
          <p className="mt-2 text-sm text-muted-foreground">
            Te llevamos a iniciar sesión en unos segundos.
          </p>
        </div>
      ) : !token ? (
        <div className="text-center" role="alert">
          <p className="text-sm text-muted-foreground">{ACCOUNT_MESSAGES.invalidToken}</p>
          <Button asChild className="mt-4">
            <Link to={paths.forgotPassword}>Pedir un enlace nuevo</Link>
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <FormField id="update-password" label="Nueva contraseña" hint="Entre 8 y 128 caracteres.">
            <Input
              {...describedBy('update-password', undefined, 'Entre 8 y 128 caracteres.')}
              name="password"
              type="password"
              autoComplete="new-password"
              required
            />
          </FormField>
          <FormField id="update-confirm" label="Confirmar contraseña" error={error}>
            <Input
              {...describedBy('update-confirm', error)}
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
            />
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={submitting}>
            {submitting ? 'Actualizando...' : 'Actualizar contraseña'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
