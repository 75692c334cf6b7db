import { Minus, Plus } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { MIN_CART_QUANTITY } from '../cart/cart-logic';
import { STORE_TEXT } from '../store-messages';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** Disable + (the drawer stops at the known stock; the detail page has no upper bound). */
  canIncrease?: boolean;
  size?: 'sm' | 'md';
  /** Names the control for screen readers, e.g. the product in a cart line. */
  label?: string;
}

/** − value +, never below 1 (spec 01 §2, §9). */
export function QuantityStepper({
  value,
  onChange,
  canIncrease = true,
  size = 'md',
  label = STORE_TEXT.quantity,
}: QuantityStepperProps) {
  const button = cn(
    'flex items-center justify-center text-foreground transition-colors hover:bg-muted disabled:cursor-not-allowed disabled:opacity-40',
    size === 'sm' ? 'size-8' : 'size-11',
  );
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex items-center overflow-hidden rounded-lg border border-input bg-white"
    >
      <button
        type="button"
        className={button}
        aria-label={STORE_TEXT.decrease}
        disabled={value <= MIN_CART_QUANTITY}
        onClick={() => onChange(Math.max(MIN_CART_QUANTITY, value - 1))}
      >
        <Minus className="size-4" aria-hidden />
      </button>
      <output
        aria-live="polite"
        className={cn(
          'min-w-10 text-center font-semibold tabular-nums',
          size === 'sm' ? 'text-sm' : 'text-base',
        )}
        data-testid="quantity-value"
      >
        {value}
      </output>
      <button
        type="button"
        className={button}
        aria-label={STORE_TEXT.increase}
        disabled={!canIncrease}
        onClick={() => onChange(value + 1)}
      >
        <Plus className="size-4" aria-hidden />
      </button>
    </div>
  );
}
