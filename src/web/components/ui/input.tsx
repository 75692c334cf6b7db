import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

export const fieldClasses =
  'w-full rounded-lg border border-input bg-white px-3.5 text-base text-foreground shadow-xs placeholder:text-slate-400 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:bg-muted aria-invalid:border-destructive sm:text-sm';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClasses, 'h-11', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClasses, 'min-h-32 py-2.5', className)} {...props} />;
}
