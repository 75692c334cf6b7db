import type { ApiErrorBody } from '@shared/errors';

/** An error answered by our API, with its code and Spanish message. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE =
  'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';

type Json = Record<string, unknown> | unknown[];

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: Json | FormData;
  /** Answer 403 REAUTH_REQUIRED as an error, without asking for the password (the step-up call itself). */
  noStepUp?: boolean;
}

/**
 * What the app does when a route asks for a fresh password (403 REAUTH_REQUIRED):
 * the panel's step-up dialog, which resolves true once the password or a code
 * was confirmed. The request is then sent again, once.
 */
let stepUp: (() => Promise<boolean>) | null = null;

export function setStepUpHandler(handler: (() => Promise<boolean>) | null): void {
  stepUp = handler;
}

/** Opens the step-up dialog (false when no panel shows one, or the person cancels). */
export function askForStepUp(): Promise<boolean> {
  return stepUp ? stepUp() : Promise.resolve(false);
}

const REAUTH_REQUIRED = 'REAUTH_REQUIRED';

/** Calls our JSON API with the session cookie; non-2xx answers become ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await sendRequest<T>(path, options);
  } catch (error) {
    const refused = error instanceof ApiError && error.code === REAUTH_REQUIRED;
    if (!refused || options.noStepUp || !stepUp || !(await stepUp())) throw error;
    return sendRequest<T>(path, { ...options, noStepUp: true });
  }
}

async function sendRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const { body, headers, noStepUp: _noStepUp, ...rest } = options;
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        accept: 'application/json',
        ...(body && !isForm ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE);
  }

  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (isApiErrorBody(payload)) {
      const { code, message, fields } = payload.error;
      throw new ApiError(response.status, code, message, fields);
    }
    throw new ApiError(
      response.status,
      'HTTP_ERROR',
      `HTTP ${response.status}: ${response.statusText}`,
    );
  }
  return payload as T;
}

/** A structural check, so the landing bundle does not need zod. */
function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
