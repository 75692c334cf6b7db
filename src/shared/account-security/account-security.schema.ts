import { z } from '../zod';

/** POST /api/account/verify: the password, or a code of the second factor (TOTP or backup). */
export const VerifyBody = z.union([
  z.strictObject({ password: z.string().min(1).max(256) }),
  z.strictObject({ code: z.string().trim().min(6).max(32) }),
]);
export type VerifyBody = z.infer<typeof VerifyBody>;

/** GET /api/account/verify: until when money may move without typing the password again. */
export const StepUpStatus = z.object({ verified_until: z.string() });
export type StepUpStatus = z.infer<typeof StepUpStatus>;

/** One open session of the signed-in account (GET /api/account/sessions): never its token. */
export const AccountSession = z.object({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

export const AccountSessionList = z.array(AccountSession);

export const SessionIdParams = z.object({ id: z.string().min(1).max(128) });
