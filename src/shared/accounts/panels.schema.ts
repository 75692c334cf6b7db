import { z } from '../zod';

/** GET /api/<role>/dashboard: what each panel's home shows today. */
export const PanelDashboard = z.object({
  greetingName: z.string(),
  role: z.enum(['company', 'seller', 'admin']),
  company: z.string().nullable(),
  province: z.string().nullable(),
  points: z.number().int(),
  sales: z.number().int(),
  shippingProvinces: z.array(z.string()),
});
export type PanelDashboard = z.infer<typeof PanelDashboard>;
