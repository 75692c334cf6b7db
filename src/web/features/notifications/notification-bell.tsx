import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Role } from '@shared/accounts/accounts.schema';
import {
  EMAIL_PREFERENCES,
  NOTIFICATIONS_TEXT,
  type NotificationKind,
} from '@shared/notifications/notifications.schema';
import { Button } from '@web/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@web/components/ui/sheet';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { toastError } from '@web/components/ui/toast-store';
import { cn } from '@web/lib/cn';
import { formatRelative } from '@web/lib/format-time';
import {
  useEmailPreferences,
  useMarkRead,
  useNotifications,
  useSaveEmailPreference,
} from './notifications-api';

/** The panel's bell: unread count, the latest notifications, and which e-mails to receive. */
export function NotificationBell({ role }: { role: Role }) {
  const [open, setOpen] = useState(false);
  const list = useNotifications();
  const unread = list.data?.unread ?? 0;
  const label =
    unread > 0
      ? `${NOTIFICATIONS_TEXT.bell} (${NOTIFICATIONS_TEXT.unread(unread)})`
      : NOTIFICATIONS_TEXT.bell;

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" data-testid="notification-bell">
          <Bell className="!size-5" aria-hidden />
          {/* Named by its content (not aria-label), so the visible count is part of the name. */}
          <span className="sr-only">{label}</span>
          {unread > 0 ? (
            <span
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-[11px] leading-none font-bold text-white"
              data-testid="notification-unread"
              aria-hidden
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </SheetTrigger>
      <SheetContent className="flex max-w-md flex-col" closeLabel="Cerrar notificaciones">
        <SheetHeader>
          <SheetTitle>{NOTIFICATIONS_TEXT.bell}</SheetTitle>
          <SheetDescription>
            {unread > 0 ? NOTIFICATIONS_TEXT.unread(unread) : 'Estás al día.'}
          </SheetDescription>
        </SheetHeader>
        <div className="flex-1 overflow-y-auto">
          <NotificationList onNavigate={() => setOpen(false)} />
          {EMAIL_PREFERENCES[role].length > 0 ? <Preferences /> : null}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const list = useNotifications();
  const markRead = useMarkRead();
  const navigate = useNavigate();

  if (list.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (list.isError) {
    return (
      <p role="alert" className="px-5 py-6 text-sm text-destructive">
        {NOTIFICATIONS_TEXT.loadError}
      </p>
    );
  }
  const { items, unread } = list.data;
  if (items.length === 0) {
    return (
      <p className="px-5 py-10 text-center text-sm text-muted-foreground">
        {NOTIFICATIONS_TEXT.empty}
      </p>
    );
  }
  return (
    <div>
      {unread > 0 ? (
        <div className="flex justify-end px-5 pt-3">
          <Button variant="link" size="sm" onClick={() => markRead.mutate('all')}>
            {NOTIFICATIONS_TEXT.markAllRead}
          </Button>
        </div>
      ) : null}
      <ul className="divide-y divide-border" data-testid="notification-list">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={cn(
                'flex w-full gap-3 px-5 py-3.5 text-left transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:outline-none',
                !item.read && 'bg-sky-50/70',
              )}
              onClick={() => {
                if (!item.read) markRead.mutate(item.id);
                if (item.link) {
                  onNavigate();
                  navigate(item.link);
                }
              }}
            >
              <span
                className={cn(
                  'mt-1.5 size-2 shrink-0 rounded-full',
                  item.read ? 'bg-transparent' : 'bg-primary',
                )}
                aria-hidden
              />
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-foreground">
                  {item.title}
                  {item.read ? null : <span className="sr-only"> (sin leer)</span>}
                </span>
                <span className="mt-0.5 block text-sm text-slate-600">{item.body}</span>
                <span className="mt-1 block text-xs text-muted-foreground">
                  {formatRelative(item.created_at)}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Preferences() {
  const preferences = useEmailPreferences(true);
  const save = useSaveEmailPreference();
  return (
    <section className="border-t border-border px-5 py-5" aria-labelledby="email-preferences">
      <h3 id="email-preferences" className="text-sm font-bold">
        {NOTIFICATIONS_TEXT.preferences}
      </h3>
      <p className="mt-1 text-xs text-muted-foreground">{NOTIFICATIONS_TEXT.preferencesIntro}</p>
      {preferences.data ? (
        <ul className="mt-3 space-y-3">
          {preferences.data.items.map((item) => (
            <li key={item.kind} className="flex items-center justify-between gap-4">
              <label htmlFor={`pref-${item.kind}`} className="text-sm">
                {item.label}
              </label>
              <Switch
                id={`pref-${item.kind}`}
                checked={item.email}
                disabled={save.isPending}
                onCheckedChange={(email) =>
                  save.mutate(
                    { kind: item.kind as NotificationKind, email },
                    { onError: (error) => toastError('No se pudo guardar la preferencia', error) },
                  )
                }
              />
            </li>
          ))}
        </ul>
      ) : preferences.isError ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {NOTIFICATIONS_TEXT.loadError}
        </p>
      ) : (
        <Spinner className="mt-3" />
      )}
    </section>
  );
}
