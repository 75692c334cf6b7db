import { BRAND } from '@shared/brand';
import { formatArs } from '@shared/money';
import type { NotificationKind } from '@shared/notifications/notifications.schema';
import { orderStatusLabel } from '@shared/order-status';
import { formatDateTime } from '@shared/time';
import type { Database } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { LOCK_MINUTES } from '../sign-in-protection/sign-in-guard.service';
import { accountLockedMail, actionMail, type ActionMail } from '../mail/templates';
import { findOrder, type LinkOrderRow } from '../orders/orders.service';
import { methodWithSecrets } from '../payments/payment-methods.service';
import { profileContacts } from '../profiles/profiles.service';
import { destinationChangedMail } from './destination-mails';
import { invoicingMail } from './invoicing-mails';
import type { OrderMailPayload } from './notifications.service';

export interface RenderDeps {
  db: Database;
  secretBox: SecretBox;
  appUrl: string;
  /** A fresh password-reset link for a user (auth), made when the e-mail is sent. */
  passwordResetUrl?: (userId: string) => Promise<string>;
}

/** The sealed buyer link opens only for its own order. */
export const buyerUrlContext = (orderId: string) => `buyer-url:${orderId}`;

const METHOD_LABELS: Record<LinkOrderRow['provider'], string> = {
  mercadopago: 'MercadoPago',
  stripe: 'Tarjeta',
  transferencia: 'Transferencia bancaria',
};

function orderDetails(order: LinkOrderRow, company: string): [string, string][] {
  return [
    ['Producto', `${order.productTitle} × ${order.quantity}`],
    ['Empresa', company],
    ['Total', formatArs(order.totalCents)],
    ['Medio de pago', METHOD_LABELS[order.provider]],
    ['Referencia', order.externalReference],
    ['Estado', orderStatusLabel(order.status)],
  ];
}

function settlementMail(
  deps: RenderDeps,
  kind: 'company_statement_ready' | 'company_payment_received',
  payload: Record<string, unknown>,
): ActionMail {
  const cents = (key: string) => (typeof payload[key] === 'number' ? (payload[key] as number) : 0);
  const name = typeof payload.name === 'string' ? payload.name : '';
  const month = typeof payload.month === 'string' ? payload.month : '';
  if (kind === 'company_statement_ready') {
    return actionMail({
      subject: `Tu liquidación de ${month} está lista`,
      greetingName: name,
      intro: `Cerramos la liquidación de ${month}: las comisiones de tus ventas aprobadas suman ${formatArs(cents('owedCents'))} y tu saldo a pagar es ${formatArs(cents('balanceCents'))}.`,
      action: 'Ver la liquidación',
      url: `${deps.appUrl}/company/settlements?month=${month}`,
      outro: 'Puedes descargarla en CSV o PDF desde tu panel.',
    });
  }
  return actionMail({
    subject: `Recibimos tu pago de ${formatArs(cents('amountCents'))}`,
    greetingName: name,
    intro: `Registramos tu transferencia de ${formatArs(cents('amountCents'))} (referencia ${String(payload.reference ?? '')}). Tu saldo a pagar es ahora ${formatArs(cents('balanceCents'))}.`,
    action: 'Ver mis liquidaciones',
    url: `${deps.appUrl}/company/settlements`,
    outro: `Gracias por mantener al día a tus vendedores.`,
  });
}

async function payoutMail(deps: RenderDeps, payload: Record<string, unknown>): Promise<ActionMail> {
  const amount = typeof payload.amountCents === 'number' ? payload.amountCents : 0;
  const destination = typeof payload.destination === 'string' ? payload.destination : '';
  return actionMail({
    subject: `Te pagamos ${formatArs(amount)} de comisiones`,
    greetingName: typeof payload.name === 'string' ? payload.name : '',
    intro: `Transferimos ${formatArs(amount)} de tus comisiones a ${destination}. Según tu banco, puede tardar hasta un día hábil en verse.`,
    action: 'Ver mis cobros',
    url: `${deps.appUrl}/seller/payouts`,
    outro: 'Puedes elegir qué correos recibir desde la campana de tu panel.',
  });
}

/**
 * A sign-in lock: the reset link is made at sending time (a retried send gets
 * a new one), so no token waits in the outbox and the link's hour starts when
 * the owner can read it.
 */
async function lockMail(deps: RenderDeps, payload: Record<string, unknown>): Promise<ActionMail> {
  const userId = typeof payload.userId === 'string' ? payload.userId : '';
  const lockedUntil =
    typeof payload.lockedUntil === 'string' ? new Date(payload.lockedUntil) : null;
  const url =
    userId && deps.passwordResetUrl
      ? await deps.passwordResetUrl(userId)
      : `${deps.appUrl}/forgot-password`;
  return accountLockedMail(typeof payload.name === 'string' ? payload.name : '', url, {
    failures: typeof payload.failures === 'number' ? payload.failures : 0,
    minutes: LOCK_MINUTES,
    until: lockedUntil ? formatDateTime(lockedUntil) : '',
  });
}

/**
 * Renders an outbox e-mail when it is sent, from the order as it is now.
 * Null when the order no longer exists (nothing to tell).
 */
export async function renderOutboxMail(
  deps: RenderDeps,
  kind: string,
  payload: Record<string, unknown>,
): Promise<ActionMail | null> {
  const data = payload as unknown as OrderMailPayload;
  if (kind === 'account_locked') return lockMail(deps, payload);
  if (kind === 'seller_payout_paid') return payoutMail(deps, payload);
  if (kind === 'seller_payout_details_changed' || kind === 'company_payment_method_changed') {
    return destinationChangedMail(deps.secretBox, kind, payload);
  }
  if (kind === 'seller_account_suspended') {
    const reversed = typeof payload.reversedCents === 'number' ? payload.reversedCents : 0;
    return actionMail({
      subject: `Tu cuenta de ${BRAND.name} fue suspendida`,
      greetingName: typeof payload.name === 'string' ? payload.name : '',
      intro: `Revisamos la actividad de tus links de pago y encontramos ventas que no cumplen las reglas de ${BRAND.name} (por ejemplo, compras hechas por ti mismo). Suspendimos tu cuenta: ya no puedes iniciar sesión ni cobrar comisiones, y anulamos ${formatArs(reversed)} de comisiones de esas ventas.`,
      action: 'Escribir a soporte',
      url: `${deps.appUrl}/support`,
      outro: 'Si crees que es un error, respóndenos desde soporte con tu explicación.',
    });
  }
  if (kind === 'admin_statement_paid') {
    const amount = typeof payload.amountCents === 'number' ? payload.amountCents : 0;
    const company = typeof payload.companyName === 'string' ? payload.companyName : '';
    return actionMail({
      subject: `${company} saldó su liquidación`,
      greetingName: typeof payload.name === 'string' ? payload.name : '',
      intro: `${company} pagó todo lo que debía: el último pago fue de ${formatArs(amount)} (referencia ${String(payload.reference ?? '')}). Sus comisiones ya pueden llegar a los vendedores en el próximo lote.`,
      action: 'Ver liquidaciones',
      url: `${deps.appUrl}/admin/settlements?company=${String(payload.companyId ?? '')}`,
      outro: 'Puedes elegir qué correos recibir desde la campana de tu panel.',
    });
  }
  if (kind === 'company_invoice_authorized' || kind === 'company_tax_data_missing') {
    return invoicingMail(deps.appUrl, kind, payload);
  }
  if (kind === 'company_webhook_disabled') {
    const since = typeof payload.failingSince === 'string' ? new Date(payload.failingSince) : null;
    return actionMail({
      subject: 'Desactivamos un webhook que no respondía',
      greetingName: typeof payload.name === 'string' ? payload.name : '',
      intro: `Tu webhook ${String(payload.url ?? '')} falló en cada entrega${since ? ` desde el ${formatDateTime(since)}` : ''}, así que lo desactivamos: tus sistemas dejaron de recibir los eventos de tus pedidos y productos. Revisa el endpoint y vuelve a activarlo; los eventos nuevos le llegarán desde ese momento.`,
      action: 'Ir a Integraciones',
      url: `${deps.appUrl}/company/integrations`,
      outro: 'Mientras tanto puedes leer tus pedidos con la API (/api/v1/orders) o desde tu panel.',
    });
  }
  if (kind === 'company_connection_broken' && payload.provider === 'stripe') {
    return actionMail({
      subject: 'Tu conexión con Stripe se cortó',
      greetingName: typeof payload.name === 'string' ? payload.name : '',
      intro: `Tu cuenta de Stripe dejó de estar conectada con ${BRAND.name}, así que tus links de pago dejaron de ofrecer el pago con tarjeta: tus compradores pueden pagar con tus otros medios. Vuelve a conectar tu cuenta para cobrar con tarjeta otra vez.`,
      action: 'Volver a conectar',
      url: `${deps.appUrl}/company/payment-gateways`,
      outro:
        'Si no reconoces este aviso, revisa las plataformas conectadas en tu cuenta de Stripe.',
    });
  }
  if (kind === 'company_connection_broken') {
    return actionMail({
      subject: 'Tu conexión con MercadoPago se cortó',
      greetingName: typeof payload.name === 'string' ? payload.name : '',
      intro: `MercadoPago rechazó la renovación de la conexión de tu cuenta con ${BRAND.name}, así que tus links de pago dejaron de ofrecer MercadoPago: tus compradores pueden pagar con tus otros medios. Vuelve a conectar tu cuenta para cobrar con MercadoPago otra vez.`,
      action: 'Volver a conectar',
      url: `${deps.appUrl}/company/payment-gateways`,
      outro:
        'Si no reconoces este aviso, revisa las aplicaciones autorizadas en tu cuenta de MercadoPago.',
    });
  }
  if (kind === 'company_statement_ready' || kind === 'company_payment_received') {
    return settlementMail(deps, kind, payload);
  }
  const order = typeof data.orderId === 'string' ? await findOrder(deps.db, data.orderId) : null;
  if (!order) return null;
  const people = await profileContacts(deps.db, [order.companyId, order.sellerId ?? '']);
  const companyContact = people.get(order.companyId);
  const company = companyContact?.company ?? companyContact?.name ?? '';
  const seller = order.sellerId ? people.get(order.sellerId) : undefined;
  const panel = (path: string) => `${deps.appUrl}${path}`;
  const details = orderDetails(order, company);

  switch (kind as NotificationKind) {
    case 'buyer_order_received': {
      const method = await methodWithSecrets(
        deps.db,
        deps.secretBox,
        order.companyId,
        'transferencia',
      );
      const bank = method?.config;
      const url = data.sealedBuyerUrl
        ? deps.secretBox.open(data.sealedBuyerUrl, buyerUrlContext(order.id))
        : deps.appUrl;
      return actionMail({
        subject: `Recibimos tu pedido de ${order.productTitle}`,
        greetingName: order.buyerName,
        intro: `Tu pedido quedó reservado. Para completarlo, transfiere ${formatArs(order.totalCents)} a la cuenta de ${company} y escribe la referencia ${order.externalReference} en el concepto.`,
        details: [
          ...details,
          ...(bank?.bankName
            ? ([
                ['Banco', bank.bankName],
                ['Titular', bank.accountHolder ?? ''],
                ['CBU', bank.cbu ?? ''],
                ...(bank.alias ? [['Alias', bank.alias] as [string, string]] : []),
                ['CUIT', bank.cuit ?? ''],
              ] as [string, string][])
            : []),
        ],
        action: 'Ver mi pedido y los datos de la transferencia',
        url,
        outro:
          'La empresa confirma el pedido cuando recibe la transferencia; te avisaremos por este medio.',
      });
    }
    case 'buyer_payment_approved':
      return actionMail({
        subject: `Comprobante de tu compra: ${order.productTitle}`,
        greetingName: order.buyerName,
        intro: `Tu pago de ${formatArs(order.totalCents)} a ${company} fue aprobado. Este correo es tu comprobante.`,
        details,
        action: `Visitar ${BRAND.name}`,
        url: deps.appUrl,
        outro: `Ante cualquier duda sobre el envío, responde a ${company} o escríbenos a ${BRAND.supportEmail}.`,
      });
    case 'buyer_refunded':
      return actionMail({
        subject: `Reembolso de tu compra: ${order.productTitle}`,
        greetingName: order.buyerName,
        intro: `Se reembolsaron ${formatArs(order.totalCents)} de tu compra a ${company}. Según tu medio de pago, el dinero puede tardar unos días en verse.`,
        details,
        action: `Visitar ${BRAND.name}`,
        url: deps.appUrl,
        outro: `Si tienes dudas, escríbenos a ${BRAND.supportEmail}.`,
      });
    case 'seller_new_sale':
      return actionMail({
        subject: `Nueva venta con tu link: ${order.productTitle}`,
        greetingName: seller?.name ?? '',
        intro: `${order.buyerName} compró ${order.productTitle} con tu link y eligió pagar por transferencia. Cuando ${company} la confirme, ganarás ${formatArs(order.sellerCents)} de comisión.`,
        details,
        action: 'Ver mis ventas',
        url: panel('/seller/orders'),
        outro: 'Puedes elegir qué correos recibir desde la campana de tu panel.',
      });
    case 'seller_sale_approved':
      return actionMail({
        subject: `Venta aprobada: ganaste ${formatArs(order.sellerCents)}`,
        greetingName: seller?.name ?? '',
        intro: `Se aprobó el pago de ${order.productTitle}. Ganaste ${formatArs(order.sellerCents)} de comisión y ${order.pointsAwarded} puntos para el ranking.`,
        details,
        action: 'Ver mis ventas',
        url: panel('/seller/orders'),
        outro: 'Puedes elegir qué correos recibir desde la campana de tu panel.',
      });
    case 'seller_goal_reached':
      return actionMail({
        subject: '¡Alcanzaste tu meta del mes!',
        greetingName: seller?.name ?? '',
        intro: `Con la venta de ${order.productTitle} cumpliste tu meta de ${data.month ?? 'este mes'}. ¡Felicitaciones!`,
        action: 'Ver mis metas',
        url: panel('/seller/goals'),
        outro: 'Puedes elegir qué correos recibir desde la campana de tu panel.',
      });
    case 'company_new_order':
      return actionMail({
        subject: `Nuevo pedido pagado: ${order.productTitle}`,
        greetingName: companyContact?.name ?? company,
        intro: `${order.buyerName} pagó ${formatArs(order.totalCents)}. Tu ingreso por este pedido es ${formatArs(order.companyCents)}.`,
        details: [
          ...details,
          [
            'Comprador',
            `${order.buyerName} · ${order.buyerEmail}${order.buyerPhone ? ` · ${order.buyerPhone}` : ''}`,
          ],
          ...(seller ? ([['Vendedor', seller.name]] as [string, string][]) : []),
        ],
        action: 'Ver mis pedidos',
        url: panel('/company/orders'),
        outro: 'Puedes elegir qué correos recibir desde la campana de tu panel.',
      });
    case 'company_transfer_pending':
      return actionMail({
        subject: `Transferencia para confirmar: ${order.externalReference}`,
        greetingName: companyContact?.name ?? company,
        intro: `${order.buyerName} eligió pagar ${order.productTitle} por transferencia. Cuando veas ${formatArs(order.totalCents)} con la referencia ${order.externalReference} en tu cuenta, confírmala desde tus pedidos.`,
        details: [...details, ['Comprador', `${order.buyerName} · ${order.buyerEmail}`]],
        action: 'Confirmar transferencia recibida',
        url: panel('/company/orders?status=pending_transfer'),
        outro:
          'Si la transferencia no llega, el pedido vence solo y el stock vuelve a estar disponible.',
      });
    default:
      return null;
  }
}
