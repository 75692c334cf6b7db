import { useSyncExternalStore } from 'react';

/** spec 01 §9: one toast at a time. */
export const TOAST_LIMIT = 1;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere (components, hooks, mutation callbacks). */
export function toast(input: ToastInput): void {
  const item: ToastItem = { ...input, id: nextId++, open: true };
  emit([item, ...items].slice(0, TOAST_LIMIT));
}

export function dismiss(id: number) {
  emit(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
  // Let the exit animation run before the node leaves.
  setTimeout(() => emit(items.filter((item) => item.id !== id)), 200);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
    () => items,
  );
}

/** A destructive toast carrying an error's message (our API errors carry Spanish text). */
export function toastError(title: string, error: unknown): void {
  toast({
    title,
    description: error instanceof Error ? error.message : undefined,
    variant: 'destructive',
  });
}
