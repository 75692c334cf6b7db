import { orderStatusLabel } from '@shared/order-status';

export interface AuditChange {
  key: string;
  /** The field as people read it. */
  label: string;
  /** The raw values (status codes stay codes: the page gives them their badge). */
  before: string | null;
  after: string | null;
  /** An order status, shown with its label and colour. */
  status: boolean;
}

const FIELD_LABELS: Record<string, string> = { status: 'Estado' };

function show(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * An audit entry's before and after as one line per field that changed or
 * appeared: `status: pending_transfer → approved`. Fields equal on both sides
 * are left out; a field only on one side shows the other as missing (null).
 */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((key) => ({
      key,
      label: FIELD_LABELS[key] ?? key,
      before: show(before?.[key]),
      after: show(after?.[key]),
      status: key === 'status',
    }))
    .filter((change) => change.before !== change.after);
}

/** A status code's Spanish label, any other value as it is. */
export function changeText(change: AuditChange, value: string): string {
  return change.status ? orderStatusLabel(value) : value;
}
