import { Copy } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { INTEGRATIONS_TEXT } from '@shared/integrations/texts';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { toast, toastError } from '@web/components/ui/toast-store';

/**
 * A dialog that creates something with a form, then shows what must be
 * copied now (an API key, a webhook's secret) this once: closing it forgets
 * it, and opening it again starts with an empty form.
 */
export function CreateThenShowOnce<T>({
  open,
  onOpenChange,
  form,
  shown,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: (onCreated: (created: T) => void, onCancel: () => void) => ReactNode;
  shown: (created: T, onDone: () => void) => ReactNode;
}) {
  const [created, setCreated] = useState<T | null>(null);
  const close = () => {
    setCreated(null);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        {!open ? null : created ? shown(created, close) : form(setCreated, close)}
      </DialogContent>
    </Dialog>
  );
}

/** The value shown once: its heading, the value with a copy button, and what else to say. */
export function ShownOnce({
  title,
  description,
  label,
  value,
  testId,
  copyLabel,
  copiedMessage,
  doneLabel,
  onDone,
  children,
}: {
  title: string;
  description: string;
  /** What the value belongs to (the key's name, the webhook's address). */
  label: ReactNode;
  value: string;
  testId: string;
  copyLabel: string;
  copiedMessage: string;
  /** 'Listo, ya la guardé' (a key) or 'ya lo guardé' (a secret). */
  doneLabel: string;
  onDone: () => void;
  children?: ReactNode;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: copiedMessage, variant: 'success' });
    } catch (error) {
      toastError(copyLabel, error);
    }
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <DialogBody className="space-y-3">
        {label}
        <code
          className="block rounded-lg border border-border bg-muted/40 p-3 font-mono text-sm break-all select-all"
          data-testid={testId}
        >
          {value}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden />
          {copyLabel}
        </Button>
        {children}
      </DialogBody>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {doneLabel}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** The link to the API's documentation, as the page's words place it. */
export function DocsLink() {
  return (
    <a
      href="/api/docs"
      target="_blank"
      rel="noreferrer"
      className="font-semibold text-sky-700 underline underline-offset-4 hover:text-sky-900"
    >
      {INTEGRATIONS_TEXT.docsLink}
    </a>
  );
}
