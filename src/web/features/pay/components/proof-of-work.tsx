import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import { Spinner } from '@web/components/ui/spinner';

/**
 * The proof of work the server asks for once an address holds many units
 * unpaid: the widget loads (its own chunk), fetches a challenge for this
 * product, solves it in the browser and hands back the payload, with which
 * the page sends the order again. Nothing for the buyer to click.
 */
export function ProofOfWork({
  productId,
  onVerified,
}: {
  productId: string;
  onVerified: (payload: string) => void;
}) {
  const target = useRef<HTMLDivElement>(null);
  const verified = useRef(onVerified);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    verified.current = onVerified;
  });

  useEffect(() => {
    let cancelled = false;
    let unmount: (() => void) | undefined;
    import('./proof-of-work-widget').then(
      ({ mountProofOfWork }) => {
        if (cancelled || !target.current) return;
        unmount = mountProofOfWork(target.current, {
          challengeUrl: `/api/public/pay/${encodeURIComponent(productId)}/challenge`,
          onVerified: (payload) => verified.current(payload),
          onFailed: () => setFailed(true),
        });
        setLoaded(true);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [productId]);

  return (
    <div
      className="min-w-0 space-y-3 rounded-xl border border-sky-200 bg-sky-50 p-4 [--altcha-max-width:100%]"
      data-testid="proof-of-work"
    >
      <p className="flex items-start gap-2 text-sm text-sky-950" role="status">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-sky-700" aria-hidden />
        {failed ? PAY_MESSAGES.challengeFailed : PAY_MESSAGES.challengeRequired}
      </p>
      {loaded || failed ? null : <Spinner label={PAY_MESSAGES.challengeRunning} />}
      {/* The widget's own node: React renders nothing inside it. */}
      <div ref={target} />
    </div>
  );
}
