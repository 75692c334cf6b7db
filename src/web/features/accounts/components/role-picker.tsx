import { Building2, ShieldCheck, Store } from 'lucide-react';
import type { Role } from '@shared/accounts/accounts.schema';
import { ACCOUNT_MESSAGES, ROLE_LABELS } from '@shared/accounts/messages';
import { webEnv } from '@web/config/env';
import { cn } from '@web/lib/cn';

const ROLE_OPTIONS: { value: Role; icon: typeof Building2; hint: string }[] = [
  { value: 'company', icon: Building2, hint: 'Publica productos' },
  { value: 'seller', icon: Store, hint: 'Vende y gana comisiones' },
  { value: 'admin', icon: ShieldCheck, hint: 'Con código secreto' },
];

/** The account types as radio cards; the admin one closed when the server takes no admin sign-ups. */
export function RolePicker({
  role,
  error,
  onChoose: chooseRole,
}: {
  role: Role | '';
  error: string | undefined;
  onChoose: (role: Role) => void;
}) {
  return (
    <fieldset aria-describedby={error ? 'register-role-error' : undefined}>
      <legend className="text-sm font-medium">Tipo de cuenta</legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
        {ROLE_OPTIONS.map(({ value, icon: Icon, hint }) => {
          // The server says in its runtime config whether it takes admin sign-ups;
          // the option says so before anyone fills in the form.
          const closed = value === 'admin' && !webEnv.adminSignup;
          return (
            <label
              key={value}
              className={cn(
                'flex items-center gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring sm:flex-col sm:text-center',
                closed
                  ? 'cursor-not-allowed border-dashed border-input bg-muted/60'
                  : role === value
                    ? 'cursor-pointer border-primary bg-sky-50 ring-1 ring-primary'
                    : 'cursor-pointer border-input bg-white hover:bg-muted',
              )}
            >
              <input
                type="radio"
                name="role"
                value={value}
                checked={role === value}
                onChange={() => chooseRole(value)}
                disabled={closed}
                aria-describedby={closed ? 'register-admin-closed' : undefined}
                className="sr-only"
              />
              <Icon
                className={cn(
                  'size-5 shrink-0',
                  role === value ? 'text-primary' : 'text-muted-foreground',
                )}
                aria-hidden
              />
              <span>
                <span className={cn('block font-semibold', closed && 'text-muted-foreground')}>
                  {ROLE_LABELS[value]}
                </span>
                <span className="block text-xs text-muted-foreground">
                  {closed ? ACCOUNT_MESSAGES.adminSignupClosedHint : hint}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {webEnv.adminSignup ? null : (
        <p id="register-admin-closed" className="mt-2 text-xs text-muted-foreground">
          {ACCOUNT_MESSAGES.adminSignupDisabled}
        </p>
      )}
      {error ? (
        <p
          id="register-role-error"
          role="alert"
          className="mt-1.5 text-sm font-medium text-destructive"
        >
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
