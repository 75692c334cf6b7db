import { Laptop, Smartphone } from 'lucide-react';
import { SECURITY_TEXT } from '@shared/account-security/texts';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast, toastError } from '@web/components/ui/toast-store';
import { formatDateTime, formatRelative } from '@web/lib/format-time';
import { useAccountSessions, useCloseOtherSessions, useCloseSession } from '../api';
import { describeUserAgent, isMobileUserAgent } from '../user-agent';
import { SecurityCardHeader } from './security-card-header';

/** The account's open sessions: device in words, when it was last used, close one or the others. */
export function SessionsCard() {
  const sessions = useAccountSessions();
  const closeOne = useCloseSession();
  const closeOthers = useCloseOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  async function onClose(id: string) {
    try {
      await closeOne.mutateAsync(id);
      toast({ title: SECURITY_TEXT.sessionClosed, variant: 'success' });
    } catch (error) {
      toastError(SECURITY_TEXT.sessionClosed, error);
    }
  }
  async function onCloseOthers() {
    try {
      await closeOthers.mutateAsync();
      toast({ title: SECURITY_TEXT.othersClosed, variant: 'success' });
    } catch (error) {
      toastError(SECURITY_TEXT.closeOthers, error);
    }
  }

  return (
    <Card className="p-5 sm:p-6" aria-labelledby="sessions-title">
      <SecurityCardHeader id="sessions-title" title={SECURITY_TEXT.sessionsTitle}>
        {SECURITY_TEXT.sessionsIntro}
      </SecurityCardHeader>
      {sessions.isPending ? (
        <Spinner className="mt-4" />
      ) : sessions.isError ? (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {sessions.error.message}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-border rounded-lg border border-border">
          {sessions.data.map((session) => {
            const Icon = isMobileUserAgent(session.user_agent) ? Smartphone : Laptop;
            return (
              <li
                key={session.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
                data-testid="account-session"
              >
                <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                    {describeUserAgent(session.user_agent)}
                    {session.current ? (
                      <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                        {SECURITY_TEXT.thisSession}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {SECURITY_TEXT.lastUsed}: {formatRelative(session.updated_at)} ·{' '}
                    {SECURITY_TEXT.startedAt}: {formatDateTime(session.created_at)}
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => void onClose(session.id)}
                    disabled={closeOne.isPending}
                    aria-label={`${SECURITY_TEXT.closeSession}: ${describeUserAgent(session.user_agent)}`}
                  >
                    {SECURITY_TEXT.closeSession}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {others > 0 ? (
        <Button
          variant="outline"
          className="mt-4"
          onClick={() => void onCloseOthers()}
          disabled={closeOthers.isPending}
        >
          {SECURITY_TEXT.closeOthers}
        </Button>
      ) : null}
    </Card>
  );
}
