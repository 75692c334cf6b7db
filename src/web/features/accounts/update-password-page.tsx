import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { judgePassword } from '@shared/accounts/password-policy';
import { Button } from '@web/components/ui/button';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { paths } from '@web/config/paths';
import { ApiError } from '@web/lib/api-client';
import { announceSessionChange } from '@web/lib/session';
import { resetPassword } from './api/auth-requests';
import { AuthCard } from './components/auth-card';
import { PasswordStrength } from './components/password-strength';

/** spec 01 §9: the redirect to /login after a successful update. */
export const REDIRECT_DELAY_MS = 3000;

/** spec 01 §2 /update-password, opened from the recovery e-mail. */
export function UpdatePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [error, setError] = useState<string | undefined>();
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const confirm = String(data.get('confirm') ?? '');
    setPasswordError(undefined);
    if (password !== confirm) return setError(ACCOUNT_MESSAGES.passwordsDoNotMatch);
    setError(undefined);
    setSubmitting(true);
    // The server's password rule, checked here first; the server has the last word (and
    // also judges the password against the account's e-mail and name, which this page does not know).
    const verdict = await judgePassword(password).catch(() => null);
    if (verdict?.message) {
      setSubmitting(false);
      setPasswordError(verdict.message);
      passwordInput.current?.focus();
      return;
    }
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
      if (failure instanceof ApiError && failure.fields?.password) {
        setPasswordError(failure.fields.password);
        passwordInput.current?.focus();
      } else {
        setError(message);
      }
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
          <FormField id="update-password" label="Nueva contraseña" error={passwordError}>
            <Input
              {...describedBy('update-password', passwordError)}
              aria-describedby={
                passwordError ? 'update-password-error' : 'update-password-strength'
              }
              ref={passwordInput}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <PasswordStrength
              id="update-password"
              password={password}
              quiet={Boolean(passwordError)}
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
