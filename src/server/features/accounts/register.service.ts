import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { APIError } from 'better-auth/api';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  type RegisterFields,
} from '@shared/accounts/accounts.schema';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { detectFileType, type Storage } from '../../lib/storage';
import type { Auth } from '../auth/auth';
import { spanishAuthMessage } from '../auth/auth-errors';
import { deleteUser, findUserByEmail, hashPasswordAndDiscard } from '../auth/users.service';
import { createProfile } from '../profiles/profiles.service';

export interface UploadedDocument {
  filename: string;
  data: Buffer;
}

export interface RegisterDeps {
  db: Database;
  auth: Auth;
  storage: Storage;
  adminSignupCode: string | undefined;
  /** Tells the owner of an e-mail already registered that someone tried again (no account discovery). */
  notifyExistingAccount?: (user: { name: string; email: string }) => Promise<void>;
}

/**
 * The shortest time the last step of a sign-up takes: the confirmation e-mail
 * for a new account, the notice for an e-mail already registered. Better Auth's
 * confirmation endpoint already never answers sooner (it keeps resends from
 * telling who is registered); the notice waits as long, so both answers take
 * about the same time.
 */
export const MAIL_STEP_MS = 500;

async function takingAtLeast(ms: number, work: () => unknown): Promise<void> {
  const started = performance.now();
  try {
    await work();
  } finally {
    const remaining = ms - (performance.now() - started);
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(remaining)));
  }
}

/**
 * Sign-up (spec 01 §2 /register, §7): the user, the profile and the seller's
 * document exist together or not at all. Better Auth writes the user through its
 * own adapter, so a failure after that point deletes the user again (sessions,
 * accounts and the profile go with it by cascade) and removes the stored file.
 * The confirmation e-mail is the last step: an account nobody can confirm is not kept.
 */
export async function registerAccount(
  deps: RegisterDeps,
  input: RegisterFields,
  document: UploadedDocument | undefined,
): Promise<void> {
  if (input.role === 'admin') checkAdminCode(deps.adminSignupCode, input.adminSecretCode);
  const checked = input.role === 'seller' ? checkDocument(document) : undefined;

  // No account discovery: an e-mail already registered gets the same answer, in
  // about the same time (the password is hashed as for a new account and the
  // owner's e-mail step lasts as long as a confirmation's), and nothing changes.
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing) {
    await hashPasswordAndDiscard(deps.auth, input.password);
    await takingAtLeast(MAIL_STEP_MS, () => deps.notifyExistingAccount?.(existing));
    return;
  }

  let documentKey: string | undefined;
  if (checked) {
    documentKey = `identity-documents/${randomUUID()}.${checked.extension}`;
    try {
      await deps.storage.put('private', documentKey, checked.data, checked.mime);
    } catch (error) {
      throw new AppError(
        'UPLOAD_FAILED',
        ACCOUNT_MESSAGES.uploadErrorDescription(error instanceof Error ? error.message : 'error'),
        503,
      );
    }
  }

  let userId: string | undefined;
  try {
    const created = await deps.auth.api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
    });
    userId = created.user.id;
    await createProfile(deps.db, {
      id: userId,
      name: input.name,
      email: input.email,
      role: input.role,
      company: input.companyName,
      province: input.province,
      shippingProvinces: input.shipping_provinces,
      identityDocumentKey: documentKey,
    });
    await takingAtLeast(MAIL_STEP_MS, () =>
      deps.auth.api.sendVerificationEmail({ body: { email: input.email } }),
    );
  } catch (error) {
    if (userId) await deleteUser(deps.db, userId);
    if (documentKey) await deps.storage.delete('private', documentKey).catch(() => {});
    throw signUpError(error);
  }
}

function signUpError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code;
    return new AppError('SIGN_UP_FAILED', spanishAuthMessage(code, error.statusCode), 400);
  }
  return new AppError(
    'SIGN_UP_FAILED',
    'No pudimos crear tu cuenta en este momento. Inténtalo de nuevo en unos minutos.',
    503,
  );
}

/** Constant-time comparison of the admin code; no code configured means no admin sign-up. */
function checkAdminCode(expected: string | undefined, given: string | undefined): void {
  if (!expected)
    throw new AppError('ADMIN_SIGNUP_DISABLED', ACCOUNT_MESSAGES.adminSignupDisabled, 403);
  const digest = (value: string) => createHash('sha256').update(value).digest();
  if (!given || !timingSafeEqual(digest(expected), digest(given))) {
    throw new AppError('ADMIN_CODE_INVALID', ACCOUNT_MESSAGES.adminCodeInvalid, 403, {
      adminSecretCode: ACCOUNT_MESSAGES.adminCodeInvalid,
    });
  }
}

/** spec 01 §5: PDF, JPG or PNG up to 5 MB, recognised by content, not by name. */
function checkDocument(document: UploadedDocument | undefined) {
  if (!document || document.data.length === 0) {
    throw AppError.validation(ACCOUNT_MESSAGES.documentRequired, {
      document: ACCOUNT_MESSAGES.documentRequired,
    });
  }
  if (document.data.length > DOCUMENT_MAX_BYTES) {
    throw new AppError('FILE_TOO_LARGE', ACCOUNT_MESSAGES.fileTooLargeDescription, 413, {
      document: ACCOUNT_MESSAGES.fileTooLargeDescription,
    });
  }
  const extension = document.filename.toLowerCase().match(/\.[a-z0-9]+$/)?.[0];
  const detected = detectFileType(document.data);
  if (!detected || !extension || !(DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) {
    throw AppError.validation(ACCOUNT_MESSAGES.documentType, {
      document: ACCOUNT_MESSAGES.documentType,
    });
  }
  return { data: document.data, ...detected };
}
