import { useEffect, useState } from 'react';
import { PASSWORD_STRENGTH_LABELS } from '@shared/accounts/messages';
import { judgePassword, type PasswordVerdict } from '@shared/accounts/password-policy';
import { cn } from '@web/lib/cn';

/** Waits for a pause in the typing before judging (zxcvbn takes tens of milliseconds). */
const TYPING_PAUSE_MS = 150;

const BAR_COLOURS = [
  'bg-red-500',
  'bg-orange-500',
  'bg-amber-400',
  'bg-emerald-500',
  'bg-emerald-600',
] as const;
const LABEL_COLOURS = [
  'text-red-700',
  'text-orange-700',
  'text-amber-800',
  'text-emerald-700',
  'text-emerald-800',
] as const;

interface PasswordStrengthProps {
  /** The control's id: the meter's text is `${id}-strength`, for the field's aria-describedby. */
  id: string;
  password: string;
  /** Whose password it is: a password made of their e-mail or name is refused. */
  email?: string | undefined;
  name?: string | undefined;
  /** The form shows a refusal as the field's error: the meter keeps its bars and step only. */
  quiet?: boolean;
  className?: string;
}

/**
 * The strength of a new password while it is typed: five steps (zxcvbn's
 * score) and, when the password would be refused, why, in the words the server
 * uses (src/shared/accounts/password-policy.ts). zxcvbn and its dictionaries
 * are downloaded when the first character is typed, never with the page.
 */
export function PasswordStrength({
  id,
  password,
  email,
  name,
  quiet = false,
  className,
}: PasswordStrengthProps) {
  const [verdict, setVerdict] = useState<PasswordVerdict | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!password) {
      setVerdict(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      judgePassword(password, { email, name }).then(
        (next) => {
          if (!current) return;
          setFailed(false);
          setVerdict(next);
        },
        () => current && setFailed(true),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, email, name]);

  const shown = password ? verdict : null;
  const score = shown?.score ?? 0;
  const steps = shown ? score + 1 : 0;
  const label = shown ? PASSWORD_STRENGTH_LABELS[score] : null;
  const text = !password
    ? 'Usa al menos 8 caracteres: mejor una frase de tres o cuatro palabras que nadie asocie contigo.'
    : failed
      ? 'No pudimos medir la seguridad ahora; la revisamos al enviar.'
      : !shown
        ? 'Midiendo la seguridad…'
        : (shown.message ?? 'Buena contraseña: difícil de adivinar.');

  return (
    <div className={cn('space-y-1.5', className)} data-testid="password-strength">
      <div className="flex gap-1" aria-hidden>
        {BAR_COLOURS.map((colour, step) => (
          <span
            key={colour}
            className={cn(
              'h-1.5 flex-1 rounded-full transition-colors duration-200',
              step < steps ? BAR_COLOURS[score] : 'bg-slate-200',
            )}
          />
        ))}
      </div>
      <p id={`${id}-strength`} className="text-xs text-muted-foreground" aria-live="polite">
        {label ? (
          <span className={cn('font-semibold', LABEL_COLOURS[score])}>
            {quiet ? label : `${label}. `}
          </span>
        ) : null}
        {quiet && label ? null : text}
      </p>
    </div>
  );
}
