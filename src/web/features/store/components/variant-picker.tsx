import type { StoreVariant } from '@shared/store/store.schema';
import { cn } from '@web/lib/cn';
import { STORE_TEXT } from '../store-messages';

/** spec 01 §2: the 'Style' picker, shown when a product has more than one variant. */
export function VariantPicker({
  variants,
  selectedId,
  onSelect,
}: {
  variants: StoreVariant[];
  selectedId: string | undefined;
  onSelect: (variant: StoreVariant) => void;
}) {
  return (
    <fieldset className="space-y-2.5">
      <legend className="text-sm font-semibold text-foreground">{STORE_TEXT.style}</legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((variant) => {
          const selected = variant.id === selectedId;
          const soldOut = variant.manage_inventory && variant.inventory_quantity <= 0;
          return (
            <label
              key={variant.id}
              className={cn(
                'cursor-pointer rounded-lg border px-4 py-2 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                selected
                  ? 'border-primary bg-sky-50 text-primary ring-1 ring-primary'
                  : 'border-input bg-white text-foreground hover:border-slate-400',
                soldOut && !selected && 'text-slate-500 line-through decoration-slate-400',
              )}
            >
              <input
                type="radio"
                name="variant"
                value={variant.id}
                checked={selected}
                onChange={() => onSelect(variant)}
                className="sr-only"
              />
              {variant.title}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
