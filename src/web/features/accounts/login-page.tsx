import { CircleCheck, MailWarning } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PageSpinner } from '@web/components/ui/spinner';
import { toast, toastError } from '@web/components/ui/toast-store';
import { paths } from '@web/config/paths';
import { ApiError } from '@web/lib/api-client';
import { announceSessionChange, refreshSession, useSession } from '@web/lib/session';
import { TwoFactorSignIn } from './security/two-factor-sign-in';
import { resendVerification, signInWithEmail } from './api/auth-requests';
import { AuthCard } from './components/auth-card';
import { readConfirmedSignIn } from './confirmed-sign-in';

/**
 * spec 01 §2 /login: e-mail and password; success goes to /dashboard, where a
 * visitor who is already signed in goes at once. Coming from the confirmation
 * page, it says the account is confirmed and fills the e-mail.
 */
export function LoginPage() {
  const session = useSession();
  if (session.status === 'loading') return <PageSpinner />;
  if (session.user) return <Navigate to={paths.dashboard} replace />;
  return <LoginForm />;
}

function LoginForm() {
  const navigate = useNavigate();
  const confirmed = readConfirmedSignIn(useLocation().state);
  const [submitting, setSubmitting] = useState(false);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  // The account has a second factor: the password was right, the code is next.
  const [codeStep, setCodeStep] = useState(false);

  async function enterPanel() {
    await refreshSession();
    announceSessionChange();
    // Replaces /login: Back from the panel does not land on the sign-in form again.
    navigate(paths.dashboard, { replace: true });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    setSubmitting(true);
    setUnconfirmedEmail(null);
    try {
      const answer = await signInWithEmail({ email, password });
      if (answer && typeof answer === 'object' && 'twoFactorRedirect' in answer) {
        setSubmitting(false);
        setCodeStep(true);
        return;
      }
      await enterPanel();
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        setUnconfirmedEmail(email);
        return;
      }
      toast({
        title: ACCOUNT_MESSAGES.signInErrorTitle,
        description:
          error instanceof ApiError && (error.status === 429 || error.code === 'PUBLIC_PASSWORD')
            ? error.message
            : ACCOUNT_MESSAGES.signInErrorDescription,
        variant: 'destructive',
      });
    }
  }

  async function onResend() {
    if (!unconfirmedEmail) return;
    setResending(true);
    try {
      await resendVerification(unconfirmedEmail);
      toast({
        title: ACCOUNT_MESSAGES.verificationResentTitle,
        description: ACCOUNT_MESSAGES.verificationResentDescription,
        variant: 'success',
      });
    } catch (error) {
      toastError(ACCOUNT_MESSAGES.errorTitle, error);
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard
      title="Iniciar Sesión"
      description="Entra a tu panel de empresa, vendedor o administración."
      back={{ to: paths.home, label: 'Volver al inicio' }}
      footer={
        <>
          ¿No tienes cuenta?{' '}
          <Link to={paths.register} className="font-semibold text-primary hover:underline">
            Regístrate
          </Link>
        </>
      }
    >
      {confirmed && !unconfirmedEmail ? (
        <div
          role="status"
          className="mb-5 flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
        >
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{ACCOUNT_MESSAGES.confirmedSignIn}</p>
        </div>
      ) : null}
      {codeStep ? (
        <TwoFactorSignIn onSignedIn={enterPanel} onRestart={() => setCodeStep(false)} />
      ) : null}
      {unconfirmedEmail && !codeStep ? (
        <div
          role="alert"
          className="mb-5 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <p className="flex items-center gap-2 font-semibold">
            <MailWarning className="size-4" aria-hidden />
            {ACCOUNT_MESSAGES.emailNotVerifiedTitle}
          </p>
          <p className="mt-1">{ACCOUNT_MESSAGES.emailNotVerifiedDescription}</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="mt-3"
            onClick={onResend}
            disabled={resending}
          >
            {ACCOUNT_MESSAGES.resendVerification}
          </Button>
        </div>
      ) : null}
      <form onSubmit={onSubmit} className="space-y-5" hidden={codeStep}>
        <FormField id="login-email" label="Correo electrónico">
          <Input
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="tu@correo.com"
            defaultValue={confirmed?.email ?? undefined}
            required
          />
        </FormField>
        <FormField id="login-password" label="Contraseña">
          <Input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            // The address is filled in: the password is what is left to type.
            autoFocus={Boolean(confirmed?.email)}
            required
          />
        </FormField>
        <div className="flex justify-end">
          <Link
            to={paths.forgotPassword}
            className="text-sm font-medium text-primary hover:underline"
          >
            ¿Olvidaste tu contraseña?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? ACCOUNT_MESSAGES.signingIn : 'Iniciar Sesión'}
        </Button>
      </form>
    </AuthCard>
  );
}
