import { ACCOUNT_MESSAGES } from './messages';
import { PROVINCES } from '../provinces';
import { z } from '../zod';

export const ROLES = ['company', 'seller', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = z.enum(ROLES, { error: ACCOUNT_MESSAGES.invalidRole });

/** Better Auth's own limits, checked in the form and again on the server. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** spec 01 §5, §9: identity documents up to 5 MB. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const;
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, ACCOUNT_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, ACCOUNT_MESSAGES.passwordTooLong);

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, ACCOUNT_MESSAGES.emailInvalid)
  .pipe(z.email(ACCOUNT_MESSAGES.emailInvalid));

const province = z.enum(PROVINCES, { error: ACCOUNT_MESSAGES.provinceRequired });

/**
 * The text fields of the sign-up form (spec 01 §3). The seller's document travels
 * beside them as a file part; the server checks it separately.
 */
export const RegisterFields = z
  .object({
    name: z.string().trim().min(1, ACCOUNT_MESSAGES.nameRequired).max(120),
    email: EmailSchema,
    password: PasswordSchema,
    confirmPassword: z.string(),
    role: z.enum(ROLES, { error: ACCOUNT_MESSAGES.chooseAccountType }),
    companyName: z.string().trim().max(160).optional(),
    adminSecretCode: z.string().max(256).optional(),
    province: province.optional(),
    shipping_provinces: z.array(province).max(PROVINCES.length).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: ACCOUNT_MESSAGES.passwordsDoNotMatch,
      });
    }
    if (value.role === 'company' && !value.companyName) {
      ctx.addIssue({
        code: 'custom',
        path: ['companyName'],
        message: ACCOUNT_MESSAGES.companyRequired,
      });
    }
    if (value.role === 'company' && !value.shipping_provinces?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['shipping_provinces'],
        message: ACCOUNT_MESSAGES.shippingProvincesRequired,
      });
    }
    if (value.role === 'seller' && !value.province) {
      ctx.addIssue({
        code: 'custom',
        path: ['province'],
        message: ACCOUNT_MESSAGES.provinceRequired,
      });
    }
    if (value.role === 'admin' && !value.adminSecretCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['adminSecretCode'],
        message: ACCOUNT_MESSAGES.adminCodeRequired,
      });
    }
  });
export type RegisterFields = z.infer<typeof RegisterFields>;

export const RegisterResult = z.object({ ok: z.literal(true) });

export const ProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  role: z.enum(ROLES),
  points: z.number().int(),
  sales: z.number().int(),
  province: z.string().nullable(),
  payment_method: z.enum(['mercadopago', 'bank']).nullable(),
  payment_details: z.record(z.string(), z.string()),
  shipping_provinces: z.array(z.string()),
  logo_url: z.string().nullable(),
  has_identity_document: z.boolean(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** GET /api/me: who is signed in (spec 01 §4 session + profile). */
export const MeResponse = z.object({
  /** null when nobody is signed in. */
  user: z
    .object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      /** Whether the account signs in with a second factor. */
      twoFactorEnabled: z.boolean(),
      /** The account's role must use the second factor (TWO_FACTOR_REQUIRED_ROLES): on before the panel, never off. */
      twoFactorRequired: z.boolean(),
    })
    .nullable(),
  profile: ProfileSchema.nullable(),
});
export type MeResponse = z.infer<typeof MeResponse>;

/** Where each role lives (spec 01 §4, spec 02 §2). */
export const ROLE_HOME: Record<Role, string> = {
  company: '/company',
  seller: '/seller',
  admin: '/admin',
};
