import { AlertCircle, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { BRAND } from '@shared/brand';
import { Card } from '@web/components/ui/card';

/** The pay page's frame: the page's content and the protected-payment footer. */
export function PayShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <main className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">{children}</main>
      <footer className="pb-8 text-center text-xs text-muted-foreground">
        <Lock className="mr-1 inline size-3" aria-hidden />
        Pago protegido · {BRAND.name}
      </footer>
    </div>
  );
}

/** What the buyer sees instead of the product when it cannot be shown. */
export function PayNotice({ title, body }: { title: string; body: string }) {
  return (
    <Card className="mx-auto max-w-md p-8 text-center" role="alert">
      <AlertCircle className="mx-auto size-10 text-destructive" aria-hidden />
      <h1 className="mt-4 text-xl font-bold text-foreground">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{body}</p>
    </Card>
  );
}
