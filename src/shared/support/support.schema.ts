import { z } from '../zod';
import { SUPPORT_MESSAGES } from '../messages';

/** spec 01 §5: the support form, checked on submit; the server uses the same schema. */
export const SupportMessageBody = z.object({
  name: z
    .string()
    .trim()
    .min(2, SUPPORT_MESSAGES.nameTooShort)
    .max(120, 'El nombre es demasiado largo.'),
  email: z
    .string()
    .trim()
    .max(254, SUPPORT_MESSAGES.invalidEmail)
    .pipe(z.email(SUPPORT_MESSAGES.invalidEmail)),
  message: z
    .string()
    .trim()
    .min(10, SUPPORT_MESSAGES.messageTooShort)
    .max(5000, 'El mensaje no puede superar los 5000 caracteres.'),
});
export type SupportMessageBody = z.infer<typeof SupportMessageBody>;

export const SupportMessageCreated = z.object({ id: z.string().uuid() });
export type SupportMessageCreated = z.infer<typeof SupportMessageCreated>;

/** GET /api/admin/support-messages */
export const SupportMessagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export const SupportMessageList = z.object({
  total: z.number().int(),
  messages: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      message: z.string(),
      status: z.enum(['new', 'answered']),
      createdAt: z.string(),
    }),
  ),
});
export type SupportMessageList = z.infer<typeof SupportMessageList>;
