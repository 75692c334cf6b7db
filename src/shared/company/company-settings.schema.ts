import { PROVINCES } from '../provinces';
import { z } from '../zod';

/** spec 02 §2, §8: Configuración de la Empresa. */
export const COMPANY_SETTINGS_MESSAGES = {
  saved: 'Tu configuración ha sido guardada.',
  collectorIdInvalid:
    'El ID de Cobrador es tu número de usuario de MercadoPago: solo dígitos (entre 5 y 20).',
  provinceInvalid: 'Elige provincias de la lista.',
  logoInvalid: 'El logo debe ser una imagen PNG, JPG o SVG de hasta 10 MB.',
  logoTooLarge: 'El logo supera los 10 MB.',
} as const;

export const CollectorId = z
  .string({ error: COMPANY_SETTINGS_MESSAGES.collectorIdInvalid })
  .trim()
  .regex(/^\d{5,20}$/, COMPANY_SETTINGS_MESSAGES.collectorIdInvalid);

/**
 * Where the MercadoPago collector id is used: a product copies it (spec 02 §7),
 * and a company is asked for it only when nothing else gives it or makes it moot.
 */
export const CollectorIdNeed = z.object({
  /**
   * Creating a product needs `provider_collector_id`: true when MercadoPago is
   * set up with the company's own credentials, or when no payment method is set
   * up yet; false when MercadoPago is connected (the connection gives the id)
   * or the company takes only transfers or cards.
   */
  collector_id_required: z.boolean(),
  /** The collector id a connected MercadoPago account gave (new products carry it), or null. */
  connected_collector_id: z.string().nullable(),
});
export type CollectorIdNeed = z.infer<typeof CollectorIdNeed>;

export const CompanySettings = z.object({
  company: z.string().nullable(),
  shipping_provinces: z.array(z.string()),
  /** MercadoPago collector id (spec 02 §3: payment_details.provider_collector_id); null until set. */
  provider_collector_id: z.string().nullable(),
  logo_url: z.string().nullable(),
  ...CollectorIdNeed.shape,
});
export type CompanySettings = z.infer<typeof CompanySettings>;

export const UpdateCompanySettingsBody = z.object({
  shipping_provinces: z
    .array(z.enum(PROVINCES, { error: COMPANY_SETTINGS_MESSAGES.provinceInvalid }), {
      error: COMPANY_SETTINGS_MESSAGES.provinceInvalid,
    })
    .max(PROVINCES.length, COMPANY_SETTINGS_MESSAGES.provinceInvalid)
    .optional(),
  /** An empty string clears it. */
  provider_collector_id: z.union([CollectorId, z.literal('')]).optional(),
});
export type UpdateCompanySettingsBody = z.infer<typeof UpdateCompanySettingsBody>;

export const CompanyLogo = z.object({ logo_url: z.string() });

/** One seller who sold the company's products: their approved and delivered orders, counted and summed. */
export const CompanySeller = z.object({
  seller_id: z.string(),
  name: z.string(),
  province: z.string().nullable(),
  /** Approved and delivered orders of the company's products through the seller's links. */
  sales: z.number().int(),
  /** What buyers paid for them. */
  total_cents: z.number().int(),
  /** The seller's commission on them. */
  seller_cents: z.number().int(),
});
export type CompanySeller = z.infer<typeof CompanySeller>;

/** GET /api/company/sellers: spec 02 §2 shows the count of all registered sellers. */
export const CompanySellers = z.object({
  count: z.number().int(),
  /** Sellers whose province is one the company ships to: who can sell its products. */
  in_shipping_provinces: z.number().int(),
  /** How many sellers sold the company's products (approved or delivered orders). */
  with_sales: z.number().int(),
  /** Those sellers, the most sold first (at most 100). */
  items: z.array(CompanySeller),
});
export type CompanySellers = z.infer<typeof CompanySellers>;
