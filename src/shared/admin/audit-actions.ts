/**
 * The audited actions and how people read them. The server writes them when a
 * person changes an order's status: the admin's select (admin.routes.ts), a
 * company confirming a bank transfer or releasing an unpaid order's units
 * (orders.company.routes.ts); and when an account changes where its money goes,
 * or its owner answers such a change with 'No fui yo' (features/destination-changes).
 */
export const AUDIT_ACTIONS = [
  'order.status',
  'order.confirm_transfer',
  'order.release',
  'settlement.company_payment',
  'settlement.payout_batch',
  'settlement.payout_paid',
  'risk.dismiss',
  'risk.confirm',
  'account.two_factor_disabled',
  'account.two_factor_reset',
  'seller.payout_details_changed',
  'company.payment_method_changed',
  'account.not_me',
  'company.api_key_created',
  'company.api_key_revoked',
  'company.webhook_created',
  'company.webhook_updated',
  'company.webhook_deleted',
  'company.webhook_disabled',
  'company.tax_data_changed',
  'invoicing.month_run',
  'invoicing.retried',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'order.status': 'Cambio de estado',
  'order.confirm_transfer': 'Transferencia confirmada',
  'order.release': 'Unidades liberadas',
  'settlement.company_payment': 'Pago de empresa registrado',
  'settlement.payout_batch': 'Lote de pagos creado',
  'settlement.payout_paid': 'Lote de pagos pagado',
  'risk.dismiss': 'Alerta de riesgo descartada',
  'risk.confirm': 'Fraude confirmado',
  'account.two_factor_disabled': 'Verificación en dos pasos desactivada',
  'account.two_factor_reset': 'Verificación en dos pasos restablecida por un operador',
  'seller.payout_details_changed': 'Datos de cobro cambiados',
  'company.payment_method_changed': 'Medio de cobro cambiado',
  'account.not_me': '«No fui yo» del titular',
  'company.api_key_created': 'Clave de API creada',
  'company.api_key_revoked': 'Clave de API revocada',
  'company.webhook_created': 'Webhook creado',
  'company.webhook_updated': 'Webhook modificado',
  'company.webhook_deleted': 'Webhook borrado',
  'company.webhook_disabled': 'Webhook desactivado por fallar 3 días',
  'company.tax_data_changed': 'Datos fiscales cambiados',
  'invoicing.month_run': 'Facturación del mes ejecutada',
  'invoicing.retried': 'Comprobante reenviado a ARCA',
};

/** What an audit entry points at, for people. */
export const AUDIT_TARGET_LABELS: Record<string, string> = {
  order: 'Pedido',
  company: 'Empresa',
  payout_batch: 'Lote de pagos',
  risk_flag: 'Alerta de riesgo',
  user: 'Cuenta',
  seller: 'Vendedor',
  api_key: 'Clave de API',
  webhook: 'Webhook',
  invoicing_month: 'Mes facturado',
  invoice: 'Comprobante',
};

export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}
