import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast, toastError } from '@web/components/ui/toast-store';
import { paths } from '@web/config/paths';
import { requestPasswordReset } from './api/auth-requests';
import { AuthCard } from './components/auth-card';

/**
 * spec 01 §2 /forgot-password. The confirmation is the same whether or not an
 * account exists for the address (no account discovery).
 */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setSubmitting(true);
    try {
      await requestPasswordReset(email);
      toast({
        title: ACCOUNT_MESSAGES.recoverySentTitle,
        description: ACCOUNT_MESSAGES.recoverySentDescription,
        variant: 'success',
      });
      setSentTo(email);
    } catch (error) {
      toastError(ACCOUNT_MESSAGES.errorTitle, error);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Recuperar contraseña"
      description={sentTo ? undefined : 'Te enviaremos un enlace para elegir una nueva contraseña.'}
      back={{ to: paths.login, label: 'Volver a iniciar sesión' }}
    >
      {sentTo ? (
        <div className="text-center" role="status">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-100 text-success">
            <MailCheck className="size-6" aria-hidden />
          </span>
          <h2 className="mt-4 text-lg font-semibold">Revisa tu correo</h2>
          <p className="mt-2 text-sm text-muted-foreground">
            Si existe una cuenta para{' '}
            <strong className="break-all text-foreground">{sentTo}</strong>, vas a recibir un enlace
            para restablecer tu contraseña.
          </p>
          <p className="mt-2 text-sm text-muted-foreground">
            Revisa tu bandeja de entrada y también la carpeta de spam.
          </p>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-5">
          <FormField id="forgot-email" label="Correo electrónico">
            <Input
              id="forgot-email"
              name="email"
              type="email"
              autoComplete="email"
              placeholder="tu@correo.com"
              required
            />
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={submitting}>
            {submitting ? 'Enviando...' : 'Enviar enlace'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
