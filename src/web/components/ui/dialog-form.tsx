import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';
import { DialogBody, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

/**
 * A form inside a dialog: its title and description, the fields, and the two
 * buttons at the foot (Cancelar, and the submit that reads «Guardando…» while
 * it saves).
 */
export function DialogForm({
  title,
  description,
  onSubmit,
  onCancel,
  pending,
  submitLabel,
  submitDisabled,
  bodyClassName,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {description ? <DialogDescription>{description}</DialogDescription> : null}
      </DialogHeader>
      <DialogBody className={bodyClassName}>{children}</DialogBody>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending || submitDisabled}>
          {pending ? 'Guardando…' : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
