import { z } from '../zod';

/**
 * 'No fui yo' (API.md "Payout details changed"): the link in the e-mail that
 * tells an account's owner their payout details or payment methods changed.
 * Opened signed out at `/account/not-me?token=…`; single use, 7 days.
 */
export const NOT_ME_LINK_DAYS = 7;

/** A seller's payout destination before their first details (e-mails, audit, the page). */
export const NO_PAYOUT_DESTINATION = 'Sin datos de cobro';

export const NOT_ME_MESSAGES = {
  tokenMissing: 'Falta el código del enlace. Ábrelo de nuevo desde el e-mail que te enviamos.',
  tokenInvalid:
    'Este enlace no es válido. Ábrelo desde el e-mail que te enviamos, sin cortarlo ni cambiarlo.',
  tokenUsed:
    'Este enlace ya se usó: la cuenta ya quedó protegida. Si ves otro cambio que no hiciste, escríbenos desde Soporte.',
  tokenExpired: `Este enlace venció (dura ${NOT_ME_LINK_DAYS} días). Si no reconoces el cambio, escríbenos desde Soporte y lo revisamos.`,
  confirmed: 'Listo: protegimos tu cuenta.',
} as const;

/** The token of the link, as the page sends it (in the body: never in a URL the server logs). */
export const NotMeBody = z.object({
  token: z
    .string({ error: NOT_ME_MESSAGES.tokenMissing })
    .trim()
    .min(1, NOT_ME_MESSAGES.tokenMissing)
    .max(200, NOT_ME_MESSAGES.tokenInvalid),
});
export type NotMeBody = z.infer<typeof NotMeBody>;

/** What changed, by the last 4 characters of each destination, for the page to explain. */
export const NotMeChange = z.object({
  /** `seller`: payout details (payouts are held); `company`: a payment method or the collector id (put back). */
  account: z.enum(['seller', 'company']),
  /** What the change was about, for people: «Datos de cobro», «Transferencia», «ID de Cobrador»… */
  subject: z.string(),
  before: z.string(),
  after: z.string(),
  changed_at: z.string(),
  expires_at: z.string(),
});
export type NotMeChange = z.infer<typeof NotMeChange>;

export const NotMeResult = z.object({
  account: z.enum(['seller', 'company']),
  /** Every session of the account was signed out. */
  signed_out: z.literal(true),
  /** Company: the changes put back, each «Transferencia: CBU terminado en 1234». */
  restored: z.array(z.string()),
  /** Seller: every payout is held until an admin reviews the account. */
  payouts_held: z.boolean(),
  /** An e-mail with a link to choose a new password was sent to the account's address. */
  password_reset_sent: z.boolean(),
});
export type NotMeResult = z.infer<typeof NotMeResult>;
