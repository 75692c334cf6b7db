import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { verifyEmail } from './api/auth-requests';
import { AuthCard } from './components/auth-card';
import { emailInConfirmationToken, type ConfirmedSignInState } from './confirmed-sign-in';

const REDIRECT_MS = 1500;

type State = { kind: 'confirming' } | { kind: 'confirmed' } | { kind: 'error'; message: string };

/** spec 01 §2 /auth/callback: confirms the account from the e-mail link, then goes to /login. */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [state, setState] = useState<State>(
    token ? { kind: 'confirming' } : { kind: 'error', message: ACCOUNT_MESSAGES.missingToken },
  );
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; a token is used once.
    if (!token || started.current) return;
    started.current = true;
    verifyEmail(token)
      .then(() => setState({ kind: 'confirmed' }))
      .catch((error: unknown) =>
        setState({
          kind: 'error',
          message: error instanceof Error ? error.message : ACCOUNT_MESSAGES.invalidToken,
        }),
      );
  }, [token]);

  useEffect(() => {
    if (state.kind !== 'confirmed') return;
    // /login says the account is confirmed and fills the e-mail; the state travels
    // with the navigation, so nothing about the account goes into the address.
    const signIn: ConfirmedSignInState = {
      confirmed: true,
      email: token ? emailInConfirmationToken(token) : null,
    };
    const timer = setTimeout(
      () => navigate(paths.login, { replace: true, state: signIn }),
      REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [state.kind, navigate, token]);

  return (
    <AuthCard title="Confirmación de cuenta" back={{ to: paths.home, label: 'Volver al inicio' }}>
      <div
        className="flex flex-col items-center gap-4 py-4 text-center"
        role="status"
        aria-live="polite"
      >
        {state.kind === 'confirming' ? (
          <>
            <Spinner label={ACCOUNT_MESSAGES.confirming} />
            <p className="font-medium">{ACCOUNT_MESSAGES.confirming}</p>
          </>
        ) : state.kind === 'confirmed' ? (
          <>
            <CircleCheck className="size-10 text-success" aria-hidden />
            <p className="font-medium">{ACCOUNT_MESSAGES.confirmed}</p>
          </>
        ) : (
          <>
            <CircleAlert className="size-10 text-destructive" aria-hidden />
            <p className="font-medium text-destructive">
              {ACCOUNT_MESSAGES.callbackError(state.message)}
            </p>
            <Button asChild variant="outline">
              <Link to={paths.login}>Ir a iniciar sesión</Link>
            </Button>
          </>
        )}
      </div>
    </AuthCard>
  );
}
