import { Copy, Download } from 'lucide-react';
import { SECURITY_TEXT } from '@shared/account-security/texts';
import { BRAND } from '@shared/brand';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast-store';

/** Ten backup codes shown once: to copy, or to download as a text file. */
export function BackupCodes({ codes, email }: { codes: string[]; email: string | undefined }) {
  const text = [
    `${BRAND.name}: códigos de respaldo de ${email ?? 'tu cuenta'}`,
    'Cada código sirve una sola vez para entrar sin el teléfono.',
    '',
    ...codes,
    '',
  ].join('\n');

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'vendemas-codigos-de-respaldo.txt';
    link.click();
    URL.revokeObjectURL(url);
  }
  async function copy() {
    await navigator.clipboard?.writeText(codes.join('\n'));
    toast({ title: SECURITY_TEXT.backupCopied, variant: 'success' });
  }

  return (
    <div>
      <p className="text-sm text-muted-foreground">{SECURITY_TEXT.backupIntro}</p>
      <ol
        className="mt-4 grid grid-cols-2 gap-2 rounded-lg border border-border bg-muted/40 p-4 font-mono text-sm sm:text-base"
        aria-label={SECURITY_TEXT.backupTitle}
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Download aria-hidden />
          {SECURITY_TEXT.backupDownload}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden />
          {SECURITY_TEXT.backupCopy}
        </Button>
      </div>
    </div>
  );
}
