import { BANK_DATA_MESSAGES, isValidAlias, isValidCbu } from '../bank-data';
import { Order } from '../orders/orders.schema';
import { listOf, PageQuery } from '../pagination';
import { Product } from '../products/products.schema';
import { CalendarMonth } from '../period';
import { PROVINCES } from '../provinces';
import { z } from '../zod';

/** The seller's workspace (spec 02 §2 seller panel; API.md "Seller"). */
export const SELLER_MESSAGES = {
  saved: 'Tu configuración ha sido guardada.',
  provinceRequired: 'Elige tu provincia en Configuración para ver el catálogo de tu zona.',
  provinceInvalid: 'Elige una provincia de la lista.',
  paymentMethodInvalid: 'Elige cómo quieres cobrar: MercadoPago o transferencia bancaria.',
  emailInvalid: 'Ingresa el e-mail de tu cuenta de MercadoPago.',
  detailsMissing: 'Completa los datos de cobro del método elegido.',
  goalTargetInvalid: 'Fija una meta de ventas (1 a 10.000) o de comisiones (mayor que cero).',
  goalPastMonth: 'Solo puedes fijar la meta del mes actual o de los próximos.',
} as const;

export const CatalogueQuery = PageQuery.extend({
  q: z.string().trim().max(120, 'La búsqueda puede tener hasta 120 caracteres.').optional(),
  category: z.string().trim().max(60, 'La categoría puede tener hasta 60 caracteres.').optional(),
  company_id: z.string().trim().max(64).optional(),
});
export type CatalogueQuery = z.input<typeof CatalogueQuery>;

export const CatalogueItem = z.object({
  product: Product,
  company: z.object({ id: z.string(), name: z.string(), logo_url: z.string().nullable() }),
  buyer_price_cents: z.number().int(),
  seller_commission_cents: z.number().int(),
  /** The seller's own payment link: {APP_URL}/pay/{productId}?ref={code}. */
  link: z.string(),
});
export type CatalogueItem = z.infer<typeof CatalogueItem>;

export const Catalogue = listOf(CatalogueItem).extend({
  province: z.string(),
  /** Categories and companies present in the seller's catalogue, for the filters. */
  categories: z.array(z.string()),
  companies: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type Catalogue = z.infer<typeof Catalogue>;

export const SELLER_PAYMENT_METHODS = ['mercadopago', 'bank'] as const;

export const SellerSettings = z.object({
  province: z.string().nullable(),
  payment_method: z.enum(SELLER_PAYMENT_METHODS).nullable(),
  payment_details: z.record(z.string(), z.string()),
});
export type SellerSettings = z.infer<typeof SellerSettings>;

const Email = z
  .string({ error: SELLER_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, SELLER_MESSAGES.emailInvalid)
  .pipe(z.email(SELLER_MESSAGES.emailInvalid));

export const UpdateSellerSettingsBody = z
  .object({
    province: z.enum(PROVINCES, { error: SELLER_MESSAGES.provinceInvalid }).optional(),
    payment_method: z
      .enum(SELLER_PAYMENT_METHODS, { error: SELLER_MESSAGES.paymentMethodInvalid })
      .optional(),
    payment_details: z
      .object({
        email: Email.optional(),
        cbu: z
          .string({ error: BANK_DATA_MESSAGES.cbu })
          .trim()
          .refine(isValidCbu, BANK_DATA_MESSAGES.cbu)
          .transform((value) => value.replace(/[\s.-]/g, ''))
          .optional(),
        alias: z
          .union([
            z.literal(''),
            z
              .string({ error: BANK_DATA_MESSAGES.alias })
              .trim()
              .refine(isValidAlias, BANK_DATA_MESSAGES.alias),
          ])
          .optional(),
      })
      .strict()
      .optional(),
  })
  .superRefine((body, context) => {
    if (!body.payment_method) return;
    const details = body.payment_details ?? {};
    if (body.payment_method === 'mercadopago' && !details.email) {
      context.addIssue({
        code: 'custom',
        path: ['payment_details', 'email'],
        message: SELLER_MESSAGES.emailInvalid,
      });
    }
    if (body.payment_method === 'bank' && !details.cbu) {
      context.addIssue({
        code: 'custom',
        path: ['payment_details', 'cbu'],
        message: BANK_DATA_MESSAGES.cbu,
      });
    }
  });
export type UpdateSellerSettingsBody = z.input<typeof UpdateSellerSettingsBody>;

export const RankingQuery = z.object({
  province: z.enum(PROVINCES, { error: SELLER_MESSAGES.provinceInvalid }).optional(),
});

export const RankingRow = z.object({
  rank: z.number().int(),
  seller_id: z.string(),
  name: z.string(),
  province: z.string().nullable(),
  points: z.number().int(),
  sales: z.number().int(),
});
export type RankingRow = z.infer<typeof RankingRow>;

/** Sellers by points descending, ties by sales, then by who got there first. */
export const Ranking = z.object({ items: z.array(RankingRow), me: RankingRow.nullable() });
export type Ranking = z.infer<typeof Ranking>;

export const PutGoalBody = z
  .object({
    /** 2000-01 to 2100-12 (src/shared/period.ts). */
    month: CalendarMonth,
    target_sales: z
      .number({ error: SELLER_MESSAGES.goalTargetInvalid })
      .int(SELLER_MESSAGES.goalTargetInvalid)
      .min(1, SELLER_MESSAGES.goalTargetInvalid)
      .max(10_000, SELLER_MESSAGES.goalTargetInvalid)
      .nullable()
      .optional(),
    target_commission_cents: z
      .number({ error: SELLER_MESSAGES.goalTargetInvalid })
      .int(SELLER_MESSAGES.goalTargetInvalid)
      .min(1, SELLER_MESSAGES.goalTargetInvalid)
      .max(100_000_000_000, SELLER_MESSAGES.goalTargetInvalid)
      .nullable()
      .optional(),
  })
  .refine((goal) => goal.target_sales != null || goal.target_commission_cents != null, {
    message: SELLER_MESSAGES.goalTargetInvalid,
    path: ['target_sales'],
  });
export type PutGoalBody = z.input<typeof PutGoalBody>;

export const Goal = z.object({
  month: z.string(),
  target_sales: z.number().int().nullable(),
  target_commission_cents: z.number().int().nullable(),
  /** Approved and delivered orders of that month. */
  sales: z.number().int(),
  commission_cents: z.number().int(),
  reached: z.boolean(),
});
export type Goal = z.infer<typeof Goal>;

export const Activity = z.object({
  order_id: z.string(),
  status: z.string(),
  product_title: z.string(),
  total_cents: z.number().int(),
  seller_cents: z.number().int(),
  /** The status the order left with this change; null for a new order. */
  previous_status: z.string().nullable(),
  at: z.string(),
});
export type Activity = z.infer<typeof Activity>;

/** GET /api/seller/dashboard: sales and commissions count approved and delivered orders only. */
export const SellerDashboardFigures = z.object({
  total_sales_cents: z.number().int(),
  commissions_cents: z.number().int(),
  sales_count: z.number().int(),
  points: z.number().int(),
  rank: z.number().int().nullable(),
  goal: Goal.nullable(),
  recent_activity: z.array(Activity),
});
export type SellerDashboardFigures = z.infer<typeof SellerDashboardFigures>;

export const SellerOrderList = listOf(Order);
