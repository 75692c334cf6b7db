import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';
import { DialogHeader, DialogTitle, ModalContent } from './dialog';

/**
 * A side panel built on Radix Dialog (focus trap, Escape, scroll lock, labelled
 * by its title). Slides in from the right.
 */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

export function SheetContent({
  className,
  closeLabel = 'Close',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string }) {
  return (
    <ModalContent
      closeLabel={closeLabel}
      className={cn(
        'fixed inset-y-0 right-0 z-50 flex h-dvh w-full max-w-md flex-col bg-card shadow-2xl outline-none data-[state=open]:animate-slide-in-right sm:border-l sm:border-border',
        className,
      )}
      {...props}
    />
  );
}

/** A sheet's header and title look like a dialog's. */
export const SheetHeader = DialogHeader;
export const SheetTitle = DialogTitle;

export function SheetDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
