import type { ComponentProps } from 'react';
import { formatArs, parseMoney } from '@shared/money';
import { cn } from '@web/lib/cn';
import { Input } from './ui/input';
import { Label } from './ui/label';

type InputProps = Omit<
  ComponentProps<'input'>,
  'id' | 'value' | 'onChange' | 'type' | 'inputMode' | 'aria-invalid' | 'aria-describedby'
>;

export interface MoneyFieldProps extends InputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What the amount read will do, e.g. (amount) => `Se registrará ${amount}`. */
  understood: (amount: string) => string;
  /** A message from submitting (the form's rules or the server's), shown above the reading. */
  error?: string | undefined;
  /** Shown while the field is empty. */
  hint?: string | undefined;
}

/**
 * A money field that takes amounts as people in Argentina write them
 * ('3.000,00', '3000,00', '3000', '$ 3.000') through the shared parser, and
 * says under it what it understood ('Se registrará $ 3.000,00') or why it
 * cannot read it, while the person types.
 */
export function MoneyField({
  id,
  label,
  value,
  onChange,
  understood,
  error,
  hint,
  className,
  ...props
}: MoneyFieldProps) {
  const parsed = value.trim() === '' ? null : parseMoney(value);
  // What was understood always shows; the hint or the parser's complaint only when no error speaks.
  const reading = parsed?.ok
    ? understood(formatArs(parsed.cents))
    : error
      ? undefined
      : (parsed?.message ?? hint);
  const readingId = `${id}-reading`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <span
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-slate-500"
        >
          $
        </span>
        <Input
          {...props}
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error || parsed?.ok === false ? true : undefined}
          aria-describedby={
            [error ? errorId : null, reading ? readingId : null].filter(Boolean).join(' ') ||
            undefined
          }
          className={cn('pl-7 tabular-nums', className)}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {reading ? (
        <p
          id={readingId}
          aria-live="polite"
          data-testid={readingId}
          className={cn(
            'text-xs',
            parsed === null
              ? 'text-muted-foreground'
              : parsed.ok
                ? 'font-medium text-foreground'
                : 'font-medium text-amber-800',
          )}
        >
          {reading}
        </p>
      ) : null}
    </div>
  );
}
