import { BANK_DATA_MESSAGES, formatCuit, isValidCuit } from '../bank-data';
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
  legalNameInvalid: 'Escribe la razón social tal como figura en ARCA (entre 2 y 120 caracteres).',
  taxIdInvalid: BANK_DATA_MESSAGES.cuit,
  taxConditionInvalid: 'Elige tu condición frente al IVA.',
  taxDataSaved: 'Tus datos fiscales fueron guardados.',
} as const;

/**
 * A company's condition before VAT (IVA), as ARCA names it: it decides the
 * letter of the documents the platform issues it (API.md "Fiscal documents").
 */
export const TAX_CONDITIONS = [
  'responsable_inscripto',
  'monotributo',
  'exento',
  'consumidor_final',
] as const;
export type TaxCondition = (typeof TAX_CONDITIONS)[number];

export const TAX_CONDITION_LABELS: Record<TaxCondition, string> = {
  responsable_inscripto: 'IVA Responsable Inscripto',
  monotributo: 'Responsable Monotributo',
  exento: 'IVA Sujeto Exento',
  consumidor_final: 'Consumidor Final',
};

/** A CUIT as people write it (with or without dashes), kept as `30-71234567-1`. */
export const TaxId = z
  .string({ error: COMPANY_SETTINGS_MESSAGES.taxIdInvalid })
  .trim()
  .refine(isValidCuit, COMPANY_SETTINGS_MESSAGES.taxIdInvalid)
  .transform(formatCuit);

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
  /** The company's tax data (razón social, CUIT, condición frente al IVA); null until given. */
  legal_name: z.string().nullable(),
  tax_id: z.string().nullable(),
  tax_condition: z.enum(TAX_CONDITIONS).nullable(),
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
  legal_name: z
    .string({ error: COMPANY_SETTINGS_MESSAGES.legalNameInvalid })
    .trim()
    .min(2, COMPANY_SETTINGS_MESSAGES.legalNameInvalid)
    .max(120, COMPANY_SETTINGS_MESSAGES.legalNameInvalid)
    .optional(),
  tax_id: TaxId.optional(),
  tax_condition: z
    .enum(TAX_CONDITIONS, { error: COMPANY_SETTINGS_MESSAGES.taxConditionInvalid })
    .optional(),
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
