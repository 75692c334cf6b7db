import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleCheck, ShoppingCart, X, type LucideIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { splitToastTitle, type ToastEmoji } from './toast-emoji';
import { dismiss, useToasts, type ToastVariant } from './toast-store';

/** spec 01 §9: toasts close after 5000 ms, swipe threshold 50, hotkey F8 (limit in toast-store). */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'];

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-foreground',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  destructive: 'border-red-700 bg-destructive text-destructive-foreground',
};

/** Icons drawn for the emoji of the spec's titles; any other emoji is left out. */
const EMOJI_ICONS: Record<ToastEmoji, LucideIcon> = { '✅': CircleCheck, '🛒': ShoppingCart };

function ToastTitle({ title }: { title: string }) {
  const { text, emoji } = splitToastTitle(title);
  const Icon = emoji ? EMOJI_ICONS[emoji as ToastEmoji] : undefined;
  return (
    <ToastPrimitive.Title className="flex items-center gap-1.5 text-sm font-semibold">
      {text}
      {Icon ? <Icon className="size-4 shrink-0" aria-hidden data-toast-icon /> : null}
    </ToastPrimitive.Title>
  );
}

export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      label="Notificación"
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => (open ? undefined : dismiss(item.id))}
          data-toast
          data-variant={item.variant ?? 'default'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-fade-down data-[state=closed]:opacity-0 data-[swipe=end]:translate-x-full data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] transition-[opacity,transform]',
            variantClasses[item.variant ?? 'default'],
          )}
        >
          <div className="grid gap-1">
            <ToastTitle title={item.title} />
            {item.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {item.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Cerrar"
            className="absolute top-3 right-3 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/*
        Top of the screen, just below the 4rem headers, on every width: the buttons
        people press next sit low (the cart drawer's Checkout, a form's submit), and
        on a phone a bottom toast spans the whole width over them.
      */}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        className="fixed top-16 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none sm:right-2"
      />
    </ToastPrimitive.Provider>
  );
}
