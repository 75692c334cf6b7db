import { PROVINCES } from '@shared/provinces';
import { cn } from '@web/lib/cn';

interface ProvinceMultiSelectProps {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
}

/** spec 01 §2: the company's shipping provinces, any of the 24, as a checklist. */
export function ProvinceMultiSelect({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: ProvinceMultiSelectProps) {
  const all = value.length === PROVINCES.length;
  const toggle = (province: string) =>
    onChange(
      value.includes(province)
        ? value.filter((item) => item !== province)
        : PROVINCES.filter((item) => item === province || value.includes(item)),
    );
  return (
    <div
      id={id}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy}
      className={cn('rounded-lg border bg-white', invalid ? 'border-destructive' : 'border-input')}
    >
      <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-2 text-sm">
        <span className="text-muted-foreground" aria-live="polite">
          {value.length === 0 ? 'Ninguna seleccionada' : `${value.length} seleccionadas`}
        </span>
        <button
          type="button"
          className="rounded font-medium text-primary hover:underline"
          onClick={() => onChange(all ? [] : [...PROVINCES])}
        >
          {all ? 'Quitar todas' : 'Seleccionar todas'}
        </button>
      </div>
      <ul className="grid max-h-56 grid-cols-1 gap-x-3 overflow-y-auto p-2 sm:grid-cols-2">
        {PROVINCES.map((province) => (
          <li key={province}>
            <label className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-2 py-1 text-sm hover:bg-muted">
              <input
                type="checkbox"
                name="shipping_provinces"
                value={province}
                checked={value.includes(province)}
                onChange={() => toggle(province)}
                className="size-4 accent-primary"
              />
              {province}
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
