import { z } from '../zod';
import { STORE_ORDER_STATUSES } from './store-order-status';

/**
 * Our hosted checkout page (/checkout/:orderId?token=…): the order summary it
 * shows and the buyer details it asks for. The same schema validates the form
 * and the server.
 */

export const CHECKOUT_PAGE_MESSAGES = {
  nameRequired: 'Please enter your full name.',
  emailInvalid: 'Please enter a valid e-mail address.',
  phoneInvalid: 'Please enter a phone number we can reach you on.',
  addressRequired: 'Please enter the street and number.',
  cityRequired: 'Please enter the city.',
  postalCodeInvalid: 'Please enter a valid postal code.',
  provinceRequired: 'Please enter the province or region.',
  orderNotFound: 'This checkout link is not valid.',
  orderExpired: 'This reservation has expired. Please go back to the store and try again.',
  orderClosed: 'This order can no longer be paid.',
  paymentsUnavailable: 'Online payment is not available right now. Please try again later.',
} as const;

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

export const CheckoutBuyer = z.object({
  name: z
    .string({ error: CHECKOUT_PAGE_MESSAGES.nameRequired })
    .trim()
    .min(2, CHECKOUT_PAGE_MESSAGES.nameRequired)
    .max(120, CHECKOUT_PAGE_MESSAGES.nameRequired),
  email: z
    .string({ error: CHECKOUT_PAGE_MESSAGES.emailInvalid })
    .trim()
    .max(254, CHECKOUT_PAGE_MESSAGES.emailInvalid)
    .pipe(z.email(CHECKOUT_PAGE_MESSAGES.emailInvalid)),
  phone: z
    .string({ error: CHECKOUT_PAGE_MESSAGES.phoneInvalid })
    .trim()
    .regex(/^\+?[\d\s().-]{6,25}$/, CHECKOUT_PAGE_MESSAGES.phoneInvalid)
    .refine((value) => value.replace(/\D/g, '').length >= 6, CHECKOUT_PAGE_MESSAGES.phoneInvalid),
  address: text(200, CHECKOUT_PAGE_MESSAGES.addressRequired),
  city: text(100, CHECKOUT_PAGE_MESSAGES.cityRequired),
  postalCode: z
    .string({ error: CHECKOUT_PAGE_MESSAGES.postalCodeInvalid })
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,10}$/, CHECKOUT_PAGE_MESSAGES.postalCodeInvalid),
  province: text(100, CHECKOUT_PAGE_MESSAGES.provinceRequired),
});
export type CheckoutBuyer = z.infer<typeof CheckoutBuyer>;

export const CheckoutOrderStatus = z.enum(STORE_ORDER_STATUSES);
export type CheckoutOrderStatus = z.infer<typeof CheckoutOrderStatus>;

export const CheckoutPaymentMethod = z.enum(['stripe', 'transfer']);
export type CheckoutPaymentMethod = z.infer<typeof CheckoutPaymentMethod>;

export const CheckoutBankDetails = z.object({
  name: z.string(),
  holder: z.string(),
  cbu: z.string(),
  alias: z.string(),
  cuit: z.string(),
});
export type CheckoutBankDetails = z.infer<typeof CheckoutBankDetails>;

export const CheckoutLine = z.object({
  product_id: z.string(),
  variant_id: z.string(),
  product_title: z.string(),
  variant_title: z.string(),
  image_url: z.string().nullable(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  unit_price_formatted: z.string(),
  total_formatted: z.string(),
});
export type CheckoutLine = z.infer<typeof CheckoutLine>;

export const CheckoutSummary = z.object({
  id: z.string(),
  status: CheckoutOrderStatus,
  lines: z.array(CheckoutLine),
  currency: z.string(),
  total_cents: z.number().int(),
  total_formatted: z.string(),
  reserved_until: z.string(),
  /** Server clock, so the page counts down without trusting the device's clock. */
  now: z.string(),
  payment_method: CheckoutPaymentMethod.nullable(),
  /** Platform bank account, once the buyer chose to pay by transfer. */
  bank: CheckoutBankDetails.nullable(),
  /** Reference the buyer writes in the transfer. */
  reference: z.string().nullable(),
  buyer: CheckoutBuyer.partial().nullable(),
  success_url: z.string(),
  cancel_url: z.string(),
});
export type CheckoutSummary = z.infer<typeof CheckoutSummary>;

export const CheckoutTokenQuery = z.object({
  token: z.string().min(16).max(200),
});

export const CheckoutPayBody = z.object({
  token: z.string().min(16).max(200),
  buyer: CheckoutBuyer,
});
export type CheckoutPayBody = z.infer<typeof CheckoutPayBody>;

/** After paying: where the browser goes next (Stripe's page, or stays to show bank details). */
export const CheckoutPayResponse = z.object({
  redirect_url: z.string().nullable(),
  summary: CheckoutSummary,
});
export type CheckoutPayResponse = z.infer<typeof CheckoutPayResponse>;

export const CheckoutTokenBody = z.object({ token: z.string().min(16).max(200) });

export const CheckoutConfirmBody = z.object({
  token: z.string().min(16).max(200),
  session_id: z.string().min(1).max(255),
});

export const CheckoutCancelResponse = z.object({ redirect_url: z.string() });
