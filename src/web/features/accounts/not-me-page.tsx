import {
  CircleAlert,
  CircleCheck,
  KeyRound,
  LogOut,
  ShieldAlert,
  Undo2,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  NOT_ME_MESSAGES,
  type NotMeChange,
  type NotMeResult,
} from '@shared/accounts/not-me.schema';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toastError } from '@web/components/ui/toast-store';
import { paths } from '@web/config/paths';
import { formatDateTime } from '@web/lib/format-time';
import { announceSessionChange, refreshSession } from '@web/lib/session';
import { useConfirmNotMe, useNotMePreview } from './api/not-me';
import { AuthCard } from './components/auth-card';

/** What confirming does, said before it is done (seller or company). */
const CONSEQUENCES: Record<NotMeChange['account'], { icon: typeof Wallet; text: string }[]> = {
  seller: [
    { icon: Wallet, text: 'Retenemos todos tus pagos hasta que nuestro equipo revise tu cuenta.' },
    {
      icon: LogOut,
      text: 'Cerramos todas las sesiones abiertas, también la de quien hizo el cambio.',
    },
    { icon: KeyRound, text: 'Te enviamos un e-mail para elegir una contraseña nueva.' },
  ],
  company: [
    {
      icon: Undo2,
      text: 'Volvemos a poner los datos de cobro que tenías antes de este cambio (y deshacemos los cambios que vinieron después).',
    },
    {
      icon: LogOut,
      text: 'Cerramos todas las sesiones abiertas, también la de quien hizo el cambio.',
    },
    { icon: KeyRound, text: 'Te enviamos un e-mail para elegir una contraseña nueva.' },
  ],
};

/**
 * `/account/not-me?token=…`: the page of the 'No fui yo' link in the e-mail
 * about a change of where the account's money goes. Public (it works signed
 * out): it shows what changed, and confirming protects the account.
 */
export function NotMePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const preview = useNotMePreview(token);
  const confirm = useConfirmNotMe();

  function onConfirm() {
    if (!token) return;
    confirm.mutate(token, {
      onSuccess: () => {
        // Every session of the account ended: this tab and the others read it again.
        announceSessionChange();
        void refreshSession();
      },
      onError: (error) => toastError('No pudimos proteger tu cuenta', error),
    });
  }

  return (
    <AuthCard
      title="No fui yo"
      description={
        confirm.data ? undefined : 'Si no hiciste este cambio, protegemos tu cuenta ahora mismo.'
      }
      back={{ to: paths.home, label: 'Volver al inicio' }}
      wide
    >
      {confirm.data ? (
        <Done result={confirm.data} />
      ) : !token ? (
        <Refused message={NOT_ME_MESSAGES.tokenMissing} />
      ) : preview.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Revisando el enlace…" />
        </div>
      ) : preview.isError ? (
        <Refused message={preview.error.message} />
      ) : (
        <Confirm
          change={preview.data}
          pending={confirm.isPending}
          refused={confirm.error?.message}
          onConfirm={onConfirm}
        />
      )}
    </AuthCard>
  );
}

function Confirm({
  change,
  pending,
  refused,
  onConfirm,
}: {
  change: NotMeChange;
  pending: boolean;
  refused: string | undefined;
  onConfirm: () => void;
}) {
  return (
    <div className="space-y-5">
      <section aria-labelledby="not-me-change">
        <h2 id="not-me-change" className="text-sm font-semibold text-muted-foreground">
          {change.subject}: cambio del {formatDateTime(change.changed_at)}
        </h2>
        <dl className="mt-2 divide-y divide-border rounded-lg border border-border text-sm">
          <Row label="Antes">{change.before}</Row>
          <Row label="Ahora" strong>
            {change.after}
          </Row>
        </dl>
      </section>
      <section aria-labelledby="not-me-what">
        <h2 id="not-me-what" className="font-semibold">
          Si no fuiste tú, al confirmar:
        </h2>
        <ul className="mt-3 space-y-3 text-sm">
          {CONSEQUENCES[change.account].map(({ icon: Icon, text }) => (
            <li key={text} className="flex gap-3">
              <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </section>
      {refused ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-destructive">
          {refused}
        </p>
      ) : null}
      <div className="flex flex-col gap-3">
        <Button variant="destructive" size="lg" onClick={onConfirm} disabled={pending}>
          <ShieldAlert aria-hidden />
          {pending ? 'Protegiendo tu cuenta…' : 'No fui yo: proteger mi cuenta'}
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to={paths.home}>Fui yo, no hacer nada</Link>
        </Button>
      </div>
      <p className="text-center text-xs text-muted-foreground">
        El enlace sirve una sola vez y vence el {formatDateTime(change.expires_at)}.
      </p>
    </div>
  );
}

function Row({
  label,
  strong,
  children,
}: {
  label: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={strong ? 'font-semibold break-words' : 'break-words'}>{children}</dd>
    </div>
  );
}

function Done({ result }: { result: NotMeResult }) {
  return (
    <div className="space-y-5" role="status">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-emerald-100 text-success">
          <CircleCheck className="size-6" aria-hidden />
        </span>
        <h2 className="mt-3 text-lg font-semibold">{NOT_ME_MESSAGES.confirmed}</h2>
      </div>
      <ul className="space-y-3 text-sm">
        {result.payouts_held ? (
          <Done.Item icon={Wallet}>
            Tus pagos quedan retenidos hasta que nuestro equipo revise tu cuenta. Te escribiremos si
            necesitamos algo.
          </Done.Item>
        ) : null}
        {result.restored.length ? (
          <Done.Item icon={Undo2}>
            Volvimos a poner tus datos de cobro anteriores:
            <span className="mt-1 block font-medium break-words">
              {result.restored.join(' · ')}
            </span>
          </Done.Item>
        ) : null}
        <Done.Item icon={LogOut}>Cerramos todas las sesiones de tu cuenta.</Done.Item>
        <Done.Item icon={KeyRound}>
          {result.password_reset_sent
            ? 'Te enviamos un e-mail para elegir una contraseña nueva. Hazlo ahora: el enlace vence en 1 hora.'
            : 'No pudimos enviarte el e-mail para elegir una contraseña nueva: pídelo ahora.'}
        </Done.Item>
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          asChild
          size="lg"
          variant={result.password_reset_sent ? 'outline' : 'primary'}
          className="sm:flex-1"
        >
          <Link to={paths.forgotPassword}>
            {result.password_reset_sent ? 'No me llegó el e-mail' : 'Elegir una contraseña nueva'}
          </Link>
        </Button>
        <Button asChild variant="outline" size="lg" className="sm:flex-1">
          <Link to={paths.support}>Escribir a Soporte</Link>
        </Button>
      </div>
    </div>
  );
}

Done.Item = function DoneItem({
  icon: Icon,
  children,
}: {
  icon: typeof Wallet;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      <span>{children}</span>
    </li>
  );
};

function Refused({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center gap-4 py-2 text-center" role="alert">
      <CircleAlert className="size-10 text-destructive" aria-hidden />
      <p className="font-medium">{message}</p>
      <div className="flex w-full flex-col gap-3 sm:flex-row">
        <Button asChild variant="outline" className="sm:flex-1">
          <Link to={paths.support}>Escribir a Soporte</Link>
        </Button>
        <Button asChild className="sm:flex-1">
          <Link to={paths.login}>Ir a iniciar sesión</Link>
        </Button>
      </div>
    </div>
  );
}
