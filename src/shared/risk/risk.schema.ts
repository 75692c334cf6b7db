import { listOf, PageQuery } from '../pagination';
import { z } from '../zod';

/**
 * The risk center (API.md "Risk"): signals that a seller may be earning
 * commissions they should not, each kept as an event with its evidence under
 * one open flag per seller and kind, until an admin dismisses or confirms it.
 */
export const RISK_KINDS = [
  'self_purchase',
  'duplicate_payout_details',
  'disposable_email',
  'order_velocity',
  'refund_rate',
  'payout_details_changed',
] as const;
export type RiskKind = (typeof RISK_KINDS)[number];

export const RISK_STATUSES = ['open', 'dismissed', 'confirmed'] as const;
export type RiskStatus = (typeof RISK_STATUSES)[number];

export const RISK_KIND_LABELS: Record<RiskKind, string> = {
  self_purchase: 'Compra propia',
  duplicate_payout_details: 'Datos de cobro repetidos',
  disposable_email: 'E-mail descartable',
  order_velocity: 'Pedidos en ráfaga',
  refund_rate: 'Muchos reembolsos',
  payout_details_changed: 'Cambio de datos de cobro no reconocido',
};

/** What each signal means, for the admin deciding. */
export const RISK_KIND_HINTS: Record<RiskKind, string> = {
  self_purchase:
    'El comprador usó el e-mail del vendedor o el mismo navegador y conexión con que el vendedor entró a su panel ese día.',
  duplicate_payout_details:
    'El vendedor guardó un CBU, alias o e-mail de MercadoPago que ya usa otro vendedor.',
  disposable_email: 'El comprador usó un e-mail de un servicio de casillas descartables.',
  order_velocity:
    'Muchos pedidos con los links del vendedor desde un mismo navegador o una misma dirección en una hora.',
  refund_rate: 'Una parte alta de las ventas aprobadas del vendedor terminó reembolsada.',
  payout_details_changed:
    'El vendedor avisó («No fui yo») que no hizo un cambio de sus datos de cobro: revisa con él a dónde cobra antes de liberar sus pagos.',
};

/**
 * Kinds the seller raised about their own account (a takeover they reported):
 * the admin releases the payouts (dismiss) once the account is safe; there is
 * no fraud of the seller's to confirm.
 */
export const SELF_REPORTED_RISK_KINDS: readonly RiskKind[] = ['payout_details_changed'];

export const RISK_STATUS_LABELS: Record<RiskStatus, string> = {
  open: 'Abierta',
  dismissed: 'Descartada',
  confirmed: 'Fraude confirmado',
};

export const RISK_MESSAGES = {
  flagNotFound: 'No encontramos esa alerta.',
  alreadyResolved: 'Esta alerta ya fue resuelta por otra persona. Actualiza la lista.',
  noteRequired: 'Escribe una nota con el motivo de la decisión.',
  noteTooLong: 'La nota puede tener hasta 500 caracteres.',
  decisionInvalid: 'Elige «Descartar» o «Confirmar fraude».',
  kindInvalid: 'Tipo de alerta inválido.',
  statusInvalid: 'Estado inválido: abiertas, descartadas o confirmadas.',
  underReview: 'En revisión',
  dismissed: 'Alerta descartada: el vendedor vuelve a entrar en los lotes de pago.',
  confirmed:
    'Fraude confirmado: se revirtieron las comisiones de los pedidos señalados y la cuenta del vendedor quedó suspendida.',
  selfReported:
    'Esta alerta la abrió el propio vendedor al avisar que no hizo un cambio: no hay un fraude suyo que confirmar. Descártala cuando su cuenta esté segura para liberar sus pagos.',
  suspendedTitle: 'Tu cuenta fue suspendida',
  suspendedBody:
    'Revisamos la actividad de tus links y la suspendimos: las comisiones de los pedidos observados se anularon.',
} as const;

export const RiskQuery = PageQuery.extend({
  status: z.enum(RISK_STATUSES, { error: RISK_MESSAGES.statusInvalid }).default('open'),
  kind: z.enum(RISK_KINDS, { error: RISK_MESSAGES.kindInvalid }).optional(),
  seller_id: z.string().trim().max(64).optional(),
});
export type RiskQuery = z.input<typeof RiskQuery>;

export const RiskEvent = z.object({
  at: z.string(),
  order_id: z.string().optional(),
  /** The order's reference (VM-…), to find it in Pedidos. */
  order_reference: z.string().optional(),
  detail: z.string(),
});
export type RiskEvent = z.infer<typeof RiskEvent>;

export const RiskFlag = z.object({
  id: z.number().int(),
  seller: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  kind: z.enum(RISK_KINDS),
  status: z.enum(RISK_STATUSES),
  count: z.number().int(),
  first_at: z.string(),
  last_at: z.string(),
  /** Newest first; at most the latest 50 (`count` says how many in all). */
  events: z.array(RiskEvent),
  resolution: z
    .object({
      decision: z.enum(['dismiss', 'confirm']),
      note: z.string(),
      by_name: z.string(),
      at: z.string(),
      /** What a confirmation took back from the seller. */
      reversed_cents: z.number().int(),
    })
    .nullable(),
});
export type RiskFlag = z.infer<typeof RiskFlag>;

/**
 * POST /api/admin/risk/:id/resolve: the flag and, after the decision, the
 * seller's payouts as the next batch sees them (another open flag, a ban, the
 * wait after a change of payout details or missing details still hold them).
 */
export const ResolvedRiskFlag = RiskFlag.extend({
  seller_payouts: z.object({
    /** A batch made now would still leave the seller out. */
    held: z.boolean(),
    /** The seller's flags still open after this decision. */
    open_flags: z.number().int(),
    /** Why, in Pagos a vendedores' words ('En revisión', …); empty when nothing holds them. */
    reasons: z.array(z.string()),
  }),
});
export type ResolvedRiskFlag = z.infer<typeof ResolvedRiskFlag>;

/**
 * The toast after a dismissal, true to what the server answered: the
 * seller's payouts resume only when nothing else holds them.
 */
export function dismissedMessage(payouts: ResolvedRiskFlag['seller_payouts']): string {
  if (!payouts.held) return RISK_MESSAGES.dismissed;
  const why =
    payouts.open_flags > 0
      ? payouts.open_flags === 1
        ? 'tiene otra alerta abierta'
        : `tiene otras ${payouts.open_flags} alertas abiertas`
      : payouts.reasons
          .map((reason) => reason.charAt(0).toLowerCase() + reason.slice(1).replace(/\.$/, ''))
          .join('; ');
  return `Alerta descartada, pero los pagos del vendedor siguen retenidos: ${why}.`;
}

export const RiskFlagList = listOf(RiskFlag);
export type RiskFlagList = z.infer<typeof RiskFlagList>;

export const ResolveRiskBody = z.object({
  decision: z.enum(['dismiss', 'confirm'], { error: RISK_MESSAGES.decisionInvalid }),
  note: z
    .string({ error: RISK_MESSAGES.noteRequired })
    .trim()
    .min(1, RISK_MESSAGES.noteRequired)
    .max(500, RISK_MESSAGES.noteTooLong),
});
export type ResolveRiskBody = z.infer<typeof ResolveRiskBody>;

export const RiskFlagParams = z.object({
  id: z.coerce
    .number({ error: RISK_MESSAGES.flagNotFound })
    .int(RISK_MESSAGES.flagNotFound)
    .min(1, RISK_MESSAGES.flagNotFound)
    .max(Number.MAX_SAFE_INTEGER, RISK_MESSAGES.flagNotFound),
});
