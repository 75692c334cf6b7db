import { z } from '../zod';

/**
 * What the platform tells people about their orders (issue 12). Each kind is
 * an e-mail, an entry under the panel's bell, or both. Buyers have no
 * account: their e-mails are receipts and always go out.
 */
export const NOTIFICATION_KINDS = [
  'buyer_order_received',
  'buyer_payment_approved',
  'buyer_refunded',
  'seller_new_sale',
  'seller_sale_approved',
  'seller_sale_refunded',
  'seller_goal_reached',
  'seller_payout_paid',
  'seller_account_suspended',
  'company_new_order',
  'company_transfer_pending',
  'company_statement_ready',
  'company_payment_received',
  'company_connection_broken',
  'company_webhook_disabled',
  // Fiscal documents (never optional): an invoice or credit note authorized, tax data missing.
  'company_invoice_authorized',
  'company_tax_data_missing',
  'admin_statement_paid',
  'account_locked',
  // Security notices (never optional): where an account's money goes changed.
  'seller_payout_details_changed',
  'company_payment_method_changed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The e-mails a user may turn off, per role, with the label the preferences show. */
export const EMAIL_PREFERENCES = {
  seller: [
    { kind: 'seller_new_sale', label: 'Una nueva venta con mi link' },
    { kind: 'seller_sale_approved', label: 'Una venta aprobada y la comisión ganada' },
    { kind: 'seller_goal_reached', label: 'Meta del mes alcanzada' },
    { kind: 'seller_payout_paid', label: 'Un pago de mis comisiones' },
  ],
  company: [
    { kind: 'company_new_order', label: 'Un nuevo pedido pagado' },
    { kind: 'company_transfer_pending', label: 'Una transferencia para confirmar' },
    { kind: 'company_statement_ready', label: 'La liquidación del mes, lista' },
  ],
  admin: [{ kind: 'admin_statement_paid', label: 'Una empresa saldó su liquidación' }],
} as const satisfies Record<string, { kind: NotificationKind; label: string }[]>;

export const OPTIONAL_EMAIL_KINDS: readonly NotificationKind[] = [
  ...EMAIL_PREFERENCES.seller.map((item) => item.kind),
  ...EMAIL_PREFERENCES.company.map((item) => item.kind),
];

export const NOTIFICATIONS_TEXT = {
  bell: 'Notificaciones',
  empty: 'No tienes notificaciones todavía.',
  markAllRead: 'Marcar todas como leídas',
  unread: (count: number) => (count === 1 ? '1 sin leer' : `${count} sin leer`),
  preferences: 'Correos que quiero recibir',
  preferencesIntro: 'Elige qué correos te enviamos. Los comprobantes de pago siempre se envían.',
  saved: 'Preferencias guardadas.',
  loadError: 'No se pudieron cargar las notificaciones.',
  notFound: 'No encontramos esa notificación.',
} as const;

export const Notification = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationList = z.object({
  items: z.array(Notification),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationList>;

export const NotificationParams = z.object({
  id: z.coerce
    .number({ error: NOTIFICATIONS_TEXT.notFound })
    .int({ error: NOTIFICATIONS_TEXT.notFound })
    .positive({ error: NOTIFICATIONS_TEXT.notFound })
    .max(Number.MAX_SAFE_INTEGER, { error: NOTIFICATIONS_TEXT.notFound }),
});

export const EmailPreferences = z.object({
  items: z.array(z.object({ kind: z.string(), label: z.string(), email: z.boolean() })),
});
export type EmailPreferences = z.infer<typeof EmailPreferences>;

export const EmailPreferencesBody = z.object({
  items: z
    .array(
      z.object({
        kind: z.enum(NOTIFICATION_KINDS, { error: 'Tipo de aviso desconocido.' }),
        email: z.boolean({ error: 'Indica sí o no.' }),
      }),
    )
    .max(NOTIFICATION_KINDS.length, 'Demasiadas preferencias.'),
});
