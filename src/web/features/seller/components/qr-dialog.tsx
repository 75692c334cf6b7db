import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { InfoDialog } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { buttonVariants } from '@web/components/ui/button';
import { SELLER_TEXT } from '../seller-text';

type QrState = { status: 'loading' } | { status: 'ready'; dataUrl: string } | { status: 'error' };

/** A PNG of the link's QR code; the `qrcode` library is fetched here, on first open. */
export async function renderQr(link: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(link, { width: 512, margin: 2, errorCorrectionLevel: 'M' });
}

/** A file name a person recognises: «qr-lampara-aurora.png». */
export function qrFileName(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `qr-${slug || 'producto'}.png`;
}

export function QrDialog({
  open,
  onOpenChange,
  link,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  link: string;
  title: string;
}) {
  const [state, setState] = useState<QrState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    renderQr(link).then(
      (dataUrl) => current && setState({ status: 'ready', dataUrl }),
      () => current && setState({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [link]);

  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      title={SELLER_TEXT.qrTitle}
      description={SELLER_TEXT.qrDescription}
      bodyClassName="flex flex-col items-center gap-4 pb-8"
    >
      <p className="text-center font-semibold">{title}</p>
      {state.status === 'loading' ? (
        <div className="flex size-64 items-center justify-center">
          <Spinner label={SELLER_TEXT.qrLoading} />
        </div>
      ) : state.status === 'error' ? (
        <p role="alert" className="text-sm text-destructive">
          {SELLER_TEXT.qrFailed}
        </p>
      ) : (
        <>
          <img
            src={state.dataUrl}
            alt={`Código QR del link de ${title}`}
            width={256}
            height={256}
            className="size-64 rounded-lg border border-border"
            data-testid="product-qr"
          />
          <a
            href={state.dataUrl}
            download={qrFileName(title)}
            className={buttonVariants({ variant: 'primary', size: 'md', className: 'w-full' })}
          >
            <Download aria-hidden />
            {SELLER_TEXT.downloadQr}
          </a>
        </>
      )}
      <p className="w-full text-center text-xs break-all text-muted-foreground">{link}</p>
    </InfoDialog>
  );
}
