import { Minus, Plus } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { Button } from '@web/components/ui/button';

/** How many units the buyer takes, from 1 to `max`. */
export function QuantityPicker({
  quantity,
  max,
  onChange,
}: {
  quantity: number;
  max: number;
  onChange: Dispatch<SetStateAction<number>>;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <span id="quantity-label" className="text-sm font-semibold text-foreground">
        Cantidad
      </span>
      <div className="flex items-center gap-2" role="group" aria-labelledby="quantity-label">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Una unidad menos"
          disabled={quantity <= 1}
          onClick={() => onChange((q) => Math.max(1, q - 1))}
        >
          <Minus className="size-4" aria-hidden />
        </Button>
        <output aria-live="polite" className="w-8 text-center text-lg font-bold">
          {quantity}
        </output>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Una unidad más"
          disabled={quantity >= max}
          onClick={() => onChange((q) => Math.min(max, q + 1))}
        >
          <Plus className="size-4" aria-hidden />
        </Button>
      </div>
    </div>
  );
}
