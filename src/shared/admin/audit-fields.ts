import { formatArs } from '../money';
import { orderStatusLabel } from '../order-status';
import { countOf } from '../plural';
import { RISK_STATUS_LABELS } from '../risk/risk.schema';
import { PAYOUT_BATCH_STATUS_LABELS } from '../settlements/settlements.schema';
import { formatCalendarDay, formatDateTime } from '../time';

/**
 * Every field an audit entry's before and after can carry, with its Spanish
 * label and how its value reads. The services that write audit entries can
 * only use these names (`AuditValues`), so no field reaches the Auditoría
 * page without a label.
 */
export const AUDIT_FIELDS = {
  status: { label: 'Estado', kind: 'status' },
  balance_cents: { label: 'Saldo adeudado', kind: 'money' },
  amount_cents: { label: 'Monto del pago', kind: 'money' },
  total_cents: { label: 'Total', kind: 'money' },
  payouts: { label: 'Vendedores', kind: 'sellers' },
  reference: { label: 'Referencia', kind: 'text' },
  paid_on: { label: 'Fecha del pago', kind: 'day' },
  signal: { label: 'Señal', kind: 'text' },
  risk_status: { label: 'Estado de la alerta', kind: 'risk_status' },
  note: { label: 'Nota', kind: 'text' },
  reversed_cents: { label: 'Comisiones anuladas', kind: 'money' },
  // A change of where an account's money goes, its values masked to their last 4 characters.
  subject: { label: 'Qué cambió', kind: 'text' },
  destination: { label: 'Destino', kind: 'text' },
  held_until: { label: 'Pagos retenidos hasta', kind: 'moment' },
  restored: { label: 'Datos restaurados', kind: 'text' },
  // The payment's row id: people know the payment by its reference, shown beside it.
  payment_id: { label: 'Pago', kind: 'internal' },
  // An API key (Integraciones): never the key itself, only its name, start and permissions.
  key_name: { label: 'Nombre de la clave', kind: 'text' },
  key_prefix: { label: 'Comienzo de la clave', kind: 'text' },
  scopes: { label: 'Permisos', kind: 'text' },
  // A webhook endpoint (Integraciones): its address and events, never its secret.
  webhook_url: { label: 'Dirección del webhook', kind: 'text' },
  webhook_events: { label: 'Eventos', kind: 'text' },
  webhook_active: { label: 'Activo', kind: 'text' },
  // A company's tax data, as its documents carry it.
  legal_name: { label: 'Razón social', kind: 'text' },
  tax_id: { label: 'CUIT', kind: 'text' },
  tax_condition: { label: 'Condición frente al IVA', kind: 'text' },
  // A run of the month's fiscal documents and a document sent again.
  documents: { label: 'Comprobantes', kind: 'text' },
  invoice_number: { label: 'Comprobante', kind: 'text' },
} as const satisfies Record<string, { label: string; kind: AuditFieldKind }>;

export type AuditFieldKind =
  'status' | 'risk_status' | 'money' | 'sellers' | 'text' | 'day' | 'moment' | 'internal';
export type AuditField = keyof typeof AUDIT_FIELDS;
export type AuditValue = string | number | null;
/** What an audit entry's before and after may hold. */
export type AuditValues = { [K in AuditField]?: AuditValue };

export interface AuditChange {
  field: string;
  label: string;
  /** The raw values (an order status stays its code, for its badge). */
  before: string | null;
  after: string | null;
  /** The values as people read them: «$ 48.680,00», «05/03/2026», «Completado». */
  beforeText: string | null;
  afterText: string | null;
  /** An order status, shown as its coloured badge. */
  orderStatus: boolean;
}

function fieldOf(field: string): { label: string; kind: AuditFieldKind } {
  return (
    (AUDIT_FIELDS as Record<string, { label: string; kind: AuditFieldKind }>)[field] ?? {
      label: field,
      kind: 'text',
    }
  );
}

function raw(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** One value as people read it, by its field's kind (and, for a status, what the entry is about). */
export function formatAuditValue(field: string, value: unknown, targetType: string): string | null {
  if (value === undefined || value === null) return null;
  const { kind } = fieldOf(field);
  switch (kind) {
    case 'money':
      return formatArs(value);
    case 'day':
      return formatCalendarDay(String(value));
    case 'moment':
      return formatDateTime(String(value));
    case 'sellers':
      return countOf(Number(value), 'vendedor', 'vendedores');
    case 'risk_status':
      return (RISK_STATUS_LABELS as Record<string, string>)[String(value)] ?? String(value);
    case 'status':
      return targetType === 'payout_batch'
        ? ((PAYOUT_BATCH_STATUS_LABELS as Record<string, string>)[String(value)] ?? String(value))
        : orderStatusLabel(String(value));
    default:
      return raw(value);
  }
}

/**
 * An entry's before and after as one line per field that changed or appeared,
 * in the order of AUDIT_FIELDS: «Saldo adeudado: $ 48.680,00 → $ 0,00». Equal
 * values and internal ids are left out; a field on one side only shows the
 * other as missing (null).
 */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  targetType: string,
): AuditChange[] {
  const known = Object.keys(AUDIT_FIELDS);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort(
    (a, b) => rank(known, a) - rank(known, b),
  );
  return keys
    .filter((field) => fieldOf(field).kind !== 'internal')
    .map((field) => ({
      field,
      label: fieldOf(field).label,
      before: raw(before?.[field]),
      after: raw(after?.[field]),
      beforeText: formatAuditValue(field, before?.[field], targetType),
      afterText: formatAuditValue(field, after?.[field], targetType),
      orderStatus: fieldOf(field).kind === 'status' && targetType === 'order',
    }))
    .filter((change) => change.before !== change.after);
}

function rank(known: string[], field: string): number {
  const index = known.indexOf(field);
  return index === -1 ? known.length : index;
}
