import { Check, Copy, QrCode, Share2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast-store';
import { SELLER_TEXT } from '../seller-text';

/** The QR dialog and its library are downloaded only when a seller opens a QR. */
const QrDialog = lazy(() => import('./qr-dialog').then((module) => ({ default: module.QrDialog })));

/** How long «¡Link copiado!» stays (spec 02 §9: copy feedback lasts 2 seconds). */
export const COPY_FEEDBACK_MS = 2000;

export interface ShareableProduct {
  id: string;
  title: string;
  buyerPriceCents: number;
  link: string;
}

/**
 * The seller's link as shared through one channel (`?src=`): the link's
 * statistics say where its visitors came from. A copied link stays plain.
 */
export function linkFrom(link: string, src: 'whatsapp' | 'qr' | 'share'): string {
  return `${link}${link.includes('?') ? '&' : '?'}src=${src}`;
}

export function whatsappUrl(product: ShareableProduct): string {
  return `https://wa.me/?text=${encodeURIComponent(
    SELLER_TEXT.whatsappMessage(
      product.title,
      product.buyerPriceCents,
      linkFrom(product.link, 'whatsapp'),
    ),
  )}`;
}

/** Copy the seller's link, show its QR, send it by WhatsApp or through the phone's share sheet. */
export function ShareActions({ product }: { product: ShareableProduct }) {
  const [copied, setCopied] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  const [qrRequested, setQrRequested] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(product.link);
    } catch {
      toast({ title: SELLER_TEXT.copyFailed, variant: 'destructive' });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  }

  async function share() {
    try {
      await navigator.share({
        title: product.title,
        text: SELLER_TEXT.shareText(product.title, product.buyerPriceCents),
        url: linkFrom(product.link, 'share'),
      });
    } catch {
      // Closing the share sheet rejects too: nothing to tell.
    }
  }

  function openQr() {
    setQrRequested(true);
    setQrOpen(true);
  }

  return (
    <div className="grid grid-cols-2 gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={copy}
        aria-live="polite"
        className={copied ? 'border-emerald-300 bg-emerald-50 text-emerald-800' : undefined}
      >
        {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
        {copied ? SELLER_TEXT.linkCopied : SELLER_TEXT.copyLink}
      </Button>
      <Button variant="outline" size="sm" onClick={openQr} aria-haspopup="dialog">
        <QrCode aria-hidden />
        {SELLER_TEXT.showQr}
      </Button>
      <a
        href={whatsappUrl(product)}
        target="_blank"
        rel="noopener noreferrer"
        className={
          'inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-[#25D366] px-3 text-sm font-semibold text-[#053b1c] shadow-sm transition-colors hover:bg-[#1ebe5a] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ' +
          (canShare ? '' : 'col-span-2')
        }
      >
        <WhatsAppIcon />
        {canShare ? 'WhatsApp' : SELLER_TEXT.shareWhatsApp}
        {canShare ? <span className="sr-only"> ({SELLER_TEXT.shareWhatsApp})</span> : null}
      </a>
      {canShare ? (
        <Button variant="outline" size="sm" className="h-10" onClick={share}>
          <Share2 aria-hidden />
          Compartir
          <span className="sr-only"> ({SELLER_TEXT.shareNative})</span>
        </Button>
      ) : null}
      {qrRequested ? (
        <Suspense fallback={null}>
          <QrDialog
            open={qrOpen}
            onOpenChange={setQrOpen}
            link={linkFrom(product.link, 'qr')}
            title={product.title}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function WhatsAppIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-4 fill-current">
      <path d="M17.47 14.38c-.3-.15-1.76-.87-2.03-.97-.27-.1-.47-.15-.67.15-.2.3-.77.97-.94 1.17-.17.2-.35.22-.64.07-.3-.15-1.26-.46-2.39-1.48-.88-.79-1.48-1.76-1.65-2.06-.17-.3-.02-.46.13-.6.13-.13.3-.35.45-.52.15-.17.2-.3.3-.5.1-.2.05-.37-.02-.52-.08-.15-.67-1.62-.92-2.21-.24-.58-.49-.5-.67-.51h-.57c-.2 0-.52.07-.79.37-.27.3-1.04 1.02-1.04 2.48 0 1.46 1.07 2.88 1.21 3.07.15.2 2.1 3.2 5.08 4.49.71.31 1.26.49 1.69.63.71.23 1.36.2 1.87.12.57-.09 1.76-.72 2.01-1.41.25-.7.25-1.29.17-1.41-.07-.13-.27-.2-.57-.35M12.05 21.5h-.01a9.4 9.4 0 0 1-4.8-1.32l-.34-.2-3.57.94.95-3.48-.22-.36a9.4 9.4 0 0 1-1.44-5.02c0-5.2 4.23-9.43 9.44-9.43 2.52 0 4.89.98 6.67 2.77a9.37 9.37 0 0 1 2.76 6.67c0 5.2-4.23 9.43-9.44 9.43m8.03-17.46A11.3 11.3 0 0 0 12.05.72C5.79.72.7 5.8.7 12.06c0 2 .52 3.95 1.52 5.67L.6 23.28l5.68-1.49a11.3 11.3 0 0 0 5.42 1.38h.01c6.25 0 11.34-5.09 11.34-11.35 0-3.03-1.18-5.88-3.32-8.02" />
    </svg>
  );
}
