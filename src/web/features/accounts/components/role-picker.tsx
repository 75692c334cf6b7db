import { Building2, ShieldCheck, Store } from 'lucide-react';
import type { Role } from '@shared/accounts/accounts.schema';
import { ROLE_LABELS } from '@shared/accounts/messages';
import { webEnv } from '@web/config/env';
import { cn } from '@web/lib/cn';

const ROLE_OPTIONS: { value: Role; icon: typeof Building2; hint: string }[] = [
  { value: 'company', icon: Building2, hint: 'Publica productos' },
  { value: 'seller', icon: Store, hint: 'Vende y gana comisiones' },
  { value: 'admin', icon: ShieldCheck, hint: 'Con código secreto' },
];

/**
 * The account types as radio cards. Administrador is offered only when the
 * server takes admin sign-ups (its runtime config); otherwise an operator
 * creates those accounts and the public form does not show a closed door.
 */
export function RolePicker({
  role,
  error,
  onChoose: chooseRole,
}: {
  role: Role | '';
  error: string | undefined;
  onChoose: (role: Role) => void;
}) {
  const options = webEnv.adminSignup
    ? ROLE_OPTIONS
    : ROLE_OPTIONS.filter((option) => option.value !== 'admin');
  return (
    <fieldset aria-describedby={error ? 'register-role-error' : undefined}>
      <legend className="text-sm font-medium">Tipo de cuenta</legend>
      <div
        className={cn(
          'mt-2 grid grid-cols-1 gap-2',
          options.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2',
        )}
      >
        {options.map(({ value, icon: Icon, hint }) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring sm:flex-col sm:text-center',
              role === value
                ? 'border-primary bg-sky-50 ring-1 ring-primary'
                : 'border-input bg-white hover:bg-muted',
            )}
          >
            <input
              type="radio"
              name="role"
              value={value}
              checked={role === value}
              onChange={() => chooseRole(value)}
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
              <span className="block font-semibold">{ROLE_LABELS[value]}</span>
              <span className="block text-xs text-muted-foreground">{hint}</span>
            </span>
          </label>
        ))}
      </div>
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
