import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';
import { DialogHeader, DialogTitle, ModalContent, type ModalContentProps } from './dialog';

/**
 * A side panel built on Radix Dialog (focus trap, Escape, scroll lock, labelled
 * by its title). Slides in from the right.
 */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

const SHEET_PLACEMENT =
  'fixed inset-y-0 right-0 z-50 flex h-dvh w-full max-w-md flex-col bg-card shadow-2xl outline-none data-[state=open]:animate-slide-in-right sm:border-l sm:border-border';

export function SheetContent(props: ModalContentProps) {
  return (
    <ModalContent {...props} placement={SHEET_PLACEMENT} closeLabel={props.closeLabel ?? 'Close'} />
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
