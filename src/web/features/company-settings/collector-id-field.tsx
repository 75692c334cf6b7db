import { BadgeCheck } from 'lucide-react';
import type { CompanySettings } from '@shared/company/company-settings.schema';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';

/**
 * The MercadoPago collector id, asked for only where it is used: a connected
 * account gives it, and a company that takes only transfers or cards does not
 * need one (the field stays while one is saved, so it can be cleared).
 */
export function CollectorIdField({
  settings,
  value,
  error,
  onChange,
}: {
  settings: CompanySettings;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  if (settings.connected_collector_id) {
    return (
      <div>
        <h2 className="text-sm font-medium">ID de Cobrador de MercadoPago</h2>
        <p className="mt-1 flex items-start gap-2 text-sm text-muted-foreground">
          <BadgeCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
          <span>
            Tu cuenta de MercadoPago conectada lo da:{' '}
            <span className="font-semibold text-foreground">{settings.connected_collector_id}</span>
            . No hace falta escribirlo.
          </span>
        </p>
      </div>
    );
  }
  if (!settings.collector_id_required && !settings.provider_collector_id) return null;
  return (
    <FormField
      id="collector-id"
      label="ID de Cobrador de MercadoPago"
      error={error}
      hint={
        settings.collector_id_required
          ? 'Tu número de usuario de MercadoPago. Es necesario para crear productos.'
          : 'Solo lo usa MercadoPago con tus credenciales; tus medios de cobro actuales no lo necesitan.'
      }
    >
      <Input
        {...describedBy('collector-id', error, 'hint')}
        inputMode="numeric"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}
