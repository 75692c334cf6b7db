import { PROVIDER_LABELS, type PaymentMethod } from '@shared/payments/payment-methods.schema';
import { CopyButton } from './copy-button';

/** What a method has stored: plain settings in full, secrets only as set or not. */
export function MethodSummary({ method }: { method: PaymentMethod }) {
  const config = method.config;
  const rows: [string, string][] = [];
  if (method.provider === 'transferencia') {
    rows.push(
      ['Banco', config.bankName ?? ''],
      ['Titular', config.accountHolder ?? ''],
      ['CBU', config.cbu ?? ''],
    );
    if (config.alias) rows.push(['Alias', config.alias]);
    rows.push(['CUIT', config.cuit ?? '']);
  }
  if (method.provider === 'stripe') rows.push(['Clave publicable', config.publishableKey ?? '']);
  const secrets: [string, boolean | undefined, string | null | undefined][] =
    method.provider === 'mercadopago'
      ? [
          ['Access Token', config.has_access_token, config.access_token_last4],
          ['Secreto del webhook', config.has_webhook_secret, config.webhook_secret_last4],
        ]
      : method.provider === 'stripe'
        ? [
            ['Clave secreta', config.has_secret_key, config.secret_key_last4],
            ['Secreto del webhook', config.has_webhook_secret, config.webhook_secret_last4],
          ]
        : [];
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="break-all font-medium">{value}</dd>
        </div>
      ))}
      {secrets.map(([label, set, last4]) => (
        <div key={label}>
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-medium">
            {set ? `Guardado · termina en ${last4}` : 'No configurado'}
          </dd>
        </div>
      ))}
      {method.webhook_url ? (
        <div className="sm:col-span-2">
          <dt className="text-xs text-muted-foreground">
            URL del webhook (pégala en el panel de {PROVIDER_LABELS[method.provider]})
          </dt>
          <dd className="mt-1 flex items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-xs">
              {method.webhook_url}
            </code>
            <CopyButton value={method.webhook_url} />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
