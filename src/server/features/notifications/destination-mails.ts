import { NO_PAYOUT_DESTINATION, NOT_ME_LINK_DAYS } from '@shared/accounts/not-me.schema';
import { BRAND } from '@shared/brand';
import { formatDateTime } from '@shared/time';
import type { SecretBox } from '../../lib/secret-box';
import { actionMail, type ActionMail } from '../mail/templates';

/**
 * The e-mail that tells an account's owner where their money goes changed
 * (API.md "Payout details changed"), rendered when the outbox sends it. The
 * 'No fui yo' link travels sealed in the outbox row; the database keeps only
 * its token's hash elsewhere (features/destination-changes).
 */

/** The sealed 'No fui yo' link opens only for its own change. */
export const notMeUrlContext = (changeId: number) => `not-me-url:${changeId}`;

/** What the change's notice carries to its e-mail. */
export interface DestinationMailPayload {
  changeId: number;
  /** «Datos de cobro», «Transferencia», «ID de Cobrador»… */
  subject: string;
  before: string;
  after: string;
  changedAt: string;
  /** Until when the seller's payouts wait (ISO), when the change holds them. */
  heldUntil?: string | null;
  sealedNotMeUrl: string;
  name?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function destinationChangedMail(
  secretBox: SecretBox,
  kind: 'seller_payout_details_changed' | 'company_payment_method_changed',
  payload: Record<string, unknown>,
): ActionMail | null {
  const data = payload as Partial<DestinationMailPayload>;
  if (typeof data.changeId !== 'number' || !data.sealedNotMeUrl) return null;
  const url = secretBox.open(data.sealedNotMeUrl, notMeUrlContext(data.changeId));
  const changedAt = formatDateTime(text(data.changedAt));
  const heldUntil = data.heldUntil ? formatDateTime(data.heldUntil) : null;
  const details: [string, string][] = [
    ['Antes', text(data.before)],
    ['Ahora', text(data.after)],
    ['Fecha del cambio', changedAt],
    ...(heldUntil ? [['Pagos retenidos hasta', heldUntil] as [string, string]] : []),
  ];
  const link = `El enlace vence en ${NOT_ME_LINK_DAYS} días y sirve una sola vez.`;
  if (kind === 'seller_payout_details_changed') {
    return actionMail({
      subject: `Cambiaron tus datos de cobro en ${BRAND.name}`,
      greetingName: text(data.name),
      intro: `${
        data.before === NO_PAYOUT_DESTINATION
          ? `El ${changedAt} se cargaron los datos de cobro de tu cuenta.`
          : `El ${changedAt} se cambiaron los datos de cobro de tu cuenta.`
      }${heldUntil ? ` Por seguridad, tus pagos quedan retenidos hasta el ${heldUntil}.` : ''}`,
      details,
      action: 'No fui yo',
      url,
      outro: `Si fuiste tú, no tienes que hacer nada. Si no fuiste tú, toca «No fui yo»: retendremos todos tus pagos, cerraremos todas las sesiones de tu cuenta y te pediremos una contraseña nueva. ${link}`,
    });
  }
  return actionMail({
    subject: `Cambió un medio de cobro de tu empresa en ${BRAND.name}`,
    greetingName: text(data.name),
    intro: `El ${changedAt} cambió «${text(data.subject)}» en la configuración de cobro de tu empresa.`,
    details,
    action: 'No fui yo',
    url,
    outro: `Si fuiste tú, no tienes que hacer nada. Si no fuiste tú, toca «No fui yo»: volveremos a poner los datos anteriores, cerraremos todas las sesiones de tu cuenta y te pediremos una contraseña nueva. ${link}`,
  });
}
