import { z } from './zod';

/**
 * What the web app learns from the server at run time, so changing a setting
 * needs a restart, never a rebuild. Served at GET /api/public/config and written
 * into index.html (see runtime-config.ts).
 */
export const RuntimeConfig = z.object({
  /** The storefront's identifier in /api/store/:storeId/… (STORE_ID). */
  store_id: z.string(),
  /** Whether this server accepts sign-ups as Administrador (ADMIN_SIGNUP_CODE is set). */
  admin_signup: z.boolean(),
  support: z.object({
    email: z.string(),
    /** International number without + or spaces, as wa.me expects; null hides the card. */
    whatsapp_number: z.string().nullable(),
    whatsapp_display: z.string().nullable(),
  }),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
