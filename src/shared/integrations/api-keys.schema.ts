import { z } from '../zod';

/**
 * A company's API keys (API.md "Integrations"). One schema validates the
 * 'Integraciones' form and the server.
 */

export const API_KEY_SCOPES = ['orders:read', 'products:read', 'products:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** How each scope reads in the panel. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'orders:read': 'Leer pedidos',
  'products:read': 'Leer productos',
  'products:write': 'Cambiar stock y estado de productos',
};

export const API_KEY_MESSAGES = {
  nameRequired: 'Ponle un nombre a la clave (hasta 60 caracteres).',
  scopesRequired: 'Elige al menos un permiso.',
  scopeInvalid: 'Permiso desconocido.',
  notFound: 'No encontramos esa clave.',
  created: 'Clave creada. Cópiala ahora: no la vas a volver a ver.',
  revoked: 'Clave revocada. Deja de funcionar en este momento.',
  revokeConfirm: '¿Revocar esta clave? Los sistemas que la usan dejan de poder conectarse.',
  copied: 'Clave copiada.',
  missingKey: 'Falta la clave de API (Authorization: Bearer vm_…).',
  invalidKey: 'La clave de API no es válida o fue revocada.',
  insufficientScope: (scope: string) => `La clave de API no tiene el permiso ${scope}.`,
  rateLimited: 'Demasiadas solicitudes con esta clave de API. Espera un momento.',
} as const;

/** What a key starts with; the list shows it and this many characters more. */
export const API_KEY_PREFIX = 'vm_';
export const API_KEY_SHOWN_CHARACTERS = 8;

export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scopeInvalid });

/** POST /api/company/api-keys */
export const CreateApiKeyBody = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(60, API_KEY_MESSAGES.nameRequired),
  scopes: z
    .array(ApiKeyScopeSchema, { error: API_KEY_MESSAGES.scopesRequired })
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .max(API_KEY_SCOPES.length, API_KEY_MESSAGES.scopesRequired)
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBody>;

/** An item of GET /api/company/api-keys. */
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  /** The key's first characters (`vm_` and 8 more), to tell keys apart. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyList = z.array(ApiKey);

/** 201 of POST /api/company/api-keys: the key itself, this once. */
export const CreatedApiKey = ApiKey.omit({ last_used_at: true }).extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeyParams = z.object({ id: z.uuid({ error: API_KEY_MESSAGES.notFound }) });
