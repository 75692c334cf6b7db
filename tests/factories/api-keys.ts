import type { ApiKeyScope } from '@shared/integrations/api-keys.schema';
import type { TestApp } from '../setup/test-app';
import type { CreatedUser } from './accounts';
import { companyCall } from './pay-world';

export const ALL_SCOPES: ApiKeyScope[] = ['orders:read', 'products:read', 'products:write'];

/** A key of `company` with these scopes, created through the panel's route; the key itself. */
export async function createApiKeyFor(
  t: TestApp,
  company: CreatedUser,
  scopes: ApiKeyScope[] = ALL_SCOPES,
  name = 'ERP',
): Promise<{ id: string; key: string; prefix: string }> {
  const created = await companyCall(t, company, 'POST', '/api-keys', { name, scopes });
  if (created.statusCode !== 201) throw new Error(`api key: ${created.statusCode} ${created.body}`);
  return created.json();
}

/** A request to the public API with `key` as its bearer (no cookie, no origin: a server). */
export function callApi(
  t: TestApp,
  key: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { payload?: object; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
}
