import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { buttonVariants } from './button';

/**
 * Asks before something that cannot be undone (spec 02 §5: deletes). An
 * accessible alert dialog, never `window.confirm`: focus starts on Cancel,
 * Escape cancels, and screen readers announce the question. `tone` 'confirm'
 * is for a step forward that destroys nothing (a transfer received): its button
 * is the primary one, not the red of a delete.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancelar',
  pending = false,
  tone = 'destructive',
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  pending?: boolean;
  tone?: 'destructive' | 'confirm';
  onConfirm: () => void;
}) {
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />
        <AlertDialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-card p-6 shadow-2xl outline-none">
          <AlertDialogPrimitive.Title className="text-lg font-bold text-foreground">
            {title}
          </AlertDialogPrimitive.Title>
          {description ? (
            <AlertDialogPrimitive.Description className="mt-2 text-sm text-muted-foreground">
              {description}
            </AlertDialogPrimitive.Description>
          ) : (
            <AlertDialogPrimitive.Description className="sr-only">
              {title}
            </AlertDialogPrimitive.Description>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel className={buttonVariants({ variant: 'outline' })}>
              {cancelLabel}
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              className={buttonVariants({
                variant: tone === 'destructive' ? 'destructive' : 'primary',
              })}
              disabled={pending}
              onClick={(event) => {
                // The caller closes the dialog when the action has finished.
                event.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

/**
 * «Eliminar» one item after asking: open while there is an item, closed by
 * clearing it.
 */
export function ConfirmDelete<T>({
  item,
  onClose,
  title,
  describe,
  pending,
  onConfirm,
  confirmLabel = 'Eliminar',
}: {
  item: T | null;
  onClose: () => void;
  title: string;
  /** What deleting this item does, said under the question. */
  describe: (item: T) => string;
  pending: boolean;
  onConfirm: (item: T) => void;
  /** The confirming button's word (Eliminar unless the action is another). */
  confirmLabel?: string;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={item !== null ? describe(item) : undefined}
      confirmLabel={confirmLabel}
      pending={pending}
      onConfirm={() => item !== null && onConfirm(item)}
    />
  );
}
