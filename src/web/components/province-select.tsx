import type { ComponentProps } from 'react';
import { PROVINCES } from '@shared/provinces';
import { cn } from '@web/lib/cn';
import { fieldClasses } from './ui/input';

/** One of the 24 provinces, or the empty first choice (`placeholder`: «Todo el país», «Selecciona…»). */
export function ProvinceSelect({
  placeholder,
  className,
  ...props
}: ComponentProps<'select'> & { placeholder: string }) {
  return (
    <select className={cn(fieldClasses, 'h-11', className)} {...props}>
      <option value="">{placeholder}</option>
      {PROVINCES.map((province) => (
        <option key={province} value={province}>
          {province}
        </option>
      ))}
    </select>
  );
}
