import { ORDER_STATUSES, OrderStatusSchema } from '../order-status';
import { listOf, PageQuery } from '../pagination';
import { PAYMENT_PROVIDERS } from '../payments/payment-methods.schema';
import { PeriodFields, withPeriod } from '../period';
import { z } from '../zod';

/**
 * Orders of per-product payment links (spec 02 §3, §4; API.md "Order", "Buyer").
 * Amounts are stored when the order is created and never recomputed:
 * total_cents = company_cents + seller_cents + platform_cents.
 */

/** spec 02 §8 (checkout, card and transfer texts), exactly, plus our own. */
export const PAY_MESSAGES = {
  productNotFound: 'Producto no encontrado o no disponible.',
  productUnavailable: 'Este producto no está disponible para la venta en este momento.',
  methodsLoadFailed: 'No se pudieron cargar los métodos de pago.',
  stripeInvalid: 'La configuración de Stripe para esta empresa es inválida.',
  preferenceFailed: 'No se pudo generar el link de pago.',
  noMethods: 'La empresa no ha configurado métodos de pago.',
  paymentFailed: 'Ocurrió un error al procesar el pago.',
  cardUnexpected: 'Ocurrió un error inesperado.',
  orderNotFound: 'Pedido no encontrado.',
  transferDataMissing: 'No se encontraron los datos para la transferencia.',
  recommendedBy: (seller: string) => `Te lo recomienda ${seller}`,
  outOfStock: 'No queda stock suficiente de este producto.',
  methodUnavailable: 'Ese método de pago no está disponible para este producto.',
  quantityInvalid: (max: number) => `La cantidad debe ser un número entero entre 1 y ${max}.`,
  nameRequired: 'Ingresa tu nombre y apellido.',
  emailInvalid: 'Ingresa un e-mail válido.',
  phoneInvalid: 'Ingresa un teléfono donde podamos ubicarte.',
  tooManyOrders: 'Demasiados pedidos seguidos. Espera un minuto e inténtalo de nuevo.',
  heldLimitProduct: (held: number, max: number) =>
    `Desde tu conexión ya hay ${held} unidades de este producto reservadas en pedidos sin pagar, y el máximo es ${max}. ${moreOrWait(held, max)}`,
  heldLimitAddress: (held: number, max: number) =>
    `Desde tu conexión ya hay ${held} unidades reservadas en pedidos sin pagar, y el máximo es ${max}. ${moreOrWait(held, max)}`,
  challengeRequired:
    'Para seguir reservando unidades, tu navegador tiene que hacer una verificación breve. Espera unos segundos.',
  challengeInvalid: 'La verificación venció o ya se usó. La hacemos de nuevo.',
  challengeOtherClient:
    'La verificación se hizo desde otra conexión y solo vale para la conexión que la pidió. La hacemos de nuevo desde esta.',
  challengeRunning: 'Verificando que no eres un robot…',
  challengeFailed: 'No se pudo completar la verificación. Recarga la página e inténtalo de nuevo.',
  priceChanged: 'El precio cambió; revisa el nuevo total',
  emailSkipped:
    'No te enviamos este link por e-mail: esa dirección ya recibió varios avisos de pedidos en la última hora. Guárdalo ahora; es la forma de volver a tu pedido.',
} as const;

function moreOrWait(held: number, max: number): string {
  return held < max
    ? `Puedes pedir hasta ${max - held} más por ahora.`
    : 'Paga esos pedidos o espera a que venzan para pedir más.';
}

/**
 * The most units any payment-link order may name; the configured cap
 * (PAY_MAX_UNITS_PER_ORDER, `product.max_quantity` on the pay page) is at most this.
 */
export const PAY_QUANTITY_CEILING = 100;

export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS, {
  error: PAY_MESSAGES.methodUnavailable,
});

/** The buyer's details on the pay page: the same schema validates the form and the server. */
export const PayBuyer = z.object({
  name: z
    .string({ error: PAY_MESSAGES.nameRequired })
    .trim()
    .min(2, PAY_MESSAGES.nameRequired)
    .max(120, PAY_MESSAGES.nameRequired),
  email: z
    .string({ error: PAY_MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, PAY_MESSAGES.emailInvalid)
    .pipe(z.email(PAY_MESSAGES.emailInvalid)),
  phone: z
    .string({ error: PAY_MESSAGES.phoneInvalid })
    .trim()
    .max(25, PAY_MESSAGES.phoneInvalid)
    .refine(
      (value) =>
        value === '' ||
        (/^\+?[\d\s().-]{6,25}$/.test(value) && value.replace(/\D/g, '').length >= 6),
      PAY_MESSAGES.phoneInvalid,
    )
    .optional(),
});
export type PayBuyer = z.infer<typeof PayBuyer>;

/** A seller's link code: url-safe, as `ref` in `/pay/:productId?ref=…`. */
export const LinkCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/);

export const PayParams = z.object({
  productId: z.uuid({ error: PAY_MESSAGES.productNotFound }),
});

/** `?ref=` is optional, and an unknown or malformed one still sells, without a seller. */
export const PayQuery = z.object({ ref: z.string().max(200).optional() });

/** POST /api/public/pay/:productId */
export const PayRequest = z.object({
  provider: PaymentProviderSchema,
  ref: z.string().max(200).optional(),
  quantity: z
    .number({ error: PAY_MESSAGES.quantityInvalid(PAY_QUANTITY_CEILING) })
    .int(PAY_MESSAGES.quantityInvalid(PAY_QUANTITY_CEILING))
    .min(1, PAY_MESSAGES.quantityInvalid(PAY_QUANTITY_CEILING))
    .max(PAY_QUANTITY_CEILING, PAY_MESSAGES.quantityInvalid(PAY_QUANTITY_CEILING))
    .default(1),
  buyer: PayBuyer,
  /**
   * The total the buyer was shown: if the company changed the price since,
   * nothing is written and the answer is 409 PRICE_CHANGED.
   */
  expected_total_cents: z.number().int().min(0).optional(),
  /** A solved proof-of-work challenge (the widget's payload), when the server asked for one. */
  challenge: z.string().max(4000).optional(),
  /**
   * The `src` the link was opened with (link analytics): the order's channel
   * when no click of this buyer is known.
   */
  src: z.string().max(40).optional(),
});
export type PayRequest = z.input<typeof PayRequest>;

/** GET /api/public/pay/:productId */
export const PayPage = z.object({
  product: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    image_urls: z.array(z.string()),
    buyer_price_cents: z.number().int(),
    stock: z.number().int(),
    /** The most units one order may take now (the per-order cap, or the stock if lower). */
    max_quantity: z.number().int(),
  }),
  company: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  seller: z.object({ name: z.string() }).nullable(),
  methods: z.array(
    z.object({
      provider: z.enum(PAYMENT_PROVIDERS),
      publishable_key: z.string().optional(),
    }),
  ),
});
export type PayPage = z.infer<typeof PayPage>;

export const PayNext = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({
    kind: z.literal('stripe'),
    client_secret: z.string(),
    publishable_key: z.string(),
    /** Where Stripe.js returns the buyer after confirming: /success with the order's link. */
    return_url: z.string(),
    /** The company's connected account (Stripe Connect): Stripe.js acts for it. */
    stripe_account: z.string().optional(),
  }),
  z.object({ kind: z.literal('transfer'), url: z.string() }),
]);
export type PayNext = z.infer<typeof PayNext>;

export const PayResponse = z.object({
  order_id: z.string(),
  status: OrderStatusSchema,
  next: PayNext,
  /** The buyer's key to their order (GET /api/public/orders/:orderId?token=…). */
  token: z.string(),
  /** Whether the buyer's link also went out by e-mail (transfers; capped per recipient and hour). */
  buyer_email_sent: z.boolean(),
});
export type PayResponse = z.infer<typeof PayResponse>;

/**
 * GET /api/public/pay/:productId/challenge: an ALTCHA proof-of-work challenge
 * (altcha-lib v2 format, HMAC-signed by the server). Any other field the
 * library adds travels untouched, since the signature covers every parameter.
 */
export const PayChallenge = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().int().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});
export type PayChallenge = z.infer<typeof PayChallenge>;

export const TransferDetails = z.object({
  bankName: z.string(),
  accountHolder: z.string(),
  cbu: z.string(),
  alias: z.string().nullable(),
  cuit: z.string(),
  instructions: z.string().nullable(),
  /** What the buyer writes in the transfer so the company can match it. */
  reference: z.string(),
});
export type TransferDetails = z.infer<typeof TransferDetails>;

/** GET /api/public/orders/:orderId?token=… */
export const BuyerOrder = z.object({
  id: z.string(),
  status: OrderStatusSchema,
  provider: z.enum(PAYMENT_PROVIDERS),
  quantity: z.number().int(),
  total_cents: z.number().int(),
  external_reference: z.string(),
  product: z.object({ id: z.string(), title: z.string() }),
  company: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  created_at: z.string(),
  /** Until when an unpaid order keeps its units; null once paid or closed. */
  expires_at: z.string().nullable(),
  transfer: TransferDetails.nullable(),
});
export type BuyerOrder = z.infer<typeof BuyerOrder>;

export const BuyerOrderParams = z.object({
  orderId: z.uuid({ error: PAY_MESSAGES.orderNotFound }),
});
export const BuyerOrderQuery = z.object({
  token: z.string({ error: PAY_MESSAGES.orderNotFound }).min(1).max(200),
  /** Stripe.js adds these on return; the server then asks Stripe about the payment. */
  payment_intent: z.string().max(200).optional(),
});

/** API.md "Order". */
/** Where an order was placed: a payment link, or the storefront's cart (API.md). */
export const ORDER_CHANNELS = ['link', 'store'] as const;
export const OrderChannel = z.enum(ORDER_CHANNELS, { error: 'Canal de pedido inválido.' });
export type OrderChannel = z.infer<typeof OrderChannel>;
export const ORDER_CHANNEL_LABELS: Record<OrderChannel, string> = {
  link: 'Link de pago',
  store: 'Tienda',
};

export const Order = z.object({
  id: z.string(),
  channel: OrderChannel,
  /** A storefront order has no product of a company: its lines are the storefront's. */
  product_id: z.string().nullable(),
  /** The first line's title, and for a cart how many more lines there are. */
  product_title: z.string(),
  company_id: z.string().nullable(),
  /** For a storefront order, `Tienda` (the platform's own shop). */
  company_name: z.string(),
  seller_id: z.string().nullable(),
  seller_name: z.string().nullable(),
  quantity: z.number().int(),
  /** `ars` for a payment link; a storefront order is in its catalogue's currency. */
  currency: z.string(),
  total_cents: z.number().int(),
  company_cents: z.number().int(),
  seller_cents: z.number().int(),
  platform_cents: z.number().int(),
  /** Null while a storefront buyer has not chosen how to pay yet. */
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  status: OrderStatusSchema,
  external_reference: z.string(),
  /** A storefront buyer's details arrive when they pay (null until then). */
  buyer: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  /** The payment split itself at the source (a connected account): the company owes nothing for it. */
  collected_at_source: z.boolean(),
  /** Points this order gives its seller now (0 unless approved or delivered). */
  points_awarded: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof Order>;

export const OrderList = listOf(Order);
export type OrderList = z.infer<typeof OrderList>;

/**
 * `status`, `q` (reference, product or buyer), `from`/`to` (Argentine days,
 * inclusive; a period of at most 366 days when both are given) and paging.
 * Unrefined, to be extended; routes use the refined queries below.
 */
export const OrderListFilters = PageQuery.extend({
  status: z.enum(ORDER_STATUSES, { error: 'Estado de pedido inválido.' }).optional(),
  q: z.string().trim().max(120, 'La búsqueda puede tener hasta 120 caracteres.').optional(),
  ...PeriodFields,
});

export const OrderListQuery = withPeriod(OrderListFilters);
export type OrderListQuery = z.input<typeof OrderListQuery>;

/** The filters of a CSV export: the list's, without paging. */
export const OrderExportQuery = withPeriod(OrderListFilters.omit({ page: true, page_size: true }));

export const OrderParams = z.object({
  id: z.uuid({ error: 'No encontramos ese pedido.' }),
});

export const ORDER_MESSAGES = {
  notFound: 'No encontramos ese pedido.',
  notPendingTransfer:
    'Solo se puede confirmar una transferencia de un pedido pendiente de transferencia.',
  noStockToReopen: 'No queda stock para volver a abrir este pedido.',
  confirmTransfer: 'Confirmar transferencia recibida',
  transferConfirmed: 'Transferencia confirmada: el pedido quedó completado.',
  release: 'Liberar unidades',
  released: 'Pedido vencido: sus unidades volvieron al stock.',
  notReleasable: 'Solo se pueden liberar las unidades de un pedido sin pagar.',
} as const;
