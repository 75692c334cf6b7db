import { DEFAULT_RUNTIME_CONFIG, RUNTIME_CONFIG_ELEMENT_ID } from '@shared/runtime-config';
import type { RuntimeConfig } from '@shared/runtime-config.schema';

/**
 * What the browser knows about the server's configuration: the runtime config
 * the server wrote into index.html (settings change with a restart, never a
 * rebuild). Read here and nowhere else.
 */
function readRuntimeConfig(): RuntimeConfig {
  const text = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_RUNTIME_CONFIG;
  try {
    const given = JSON.parse(text) as Partial<RuntimeConfig>;
    return {
      ...DEFAULT_RUNTIME_CONFIG,
      ...given,
      support: { ...DEFAULT_RUNTIME_CONFIG.support, ...given.support },
    };
  } catch {
    return DEFAULT_RUNTIME_CONFIG;
  }
}

const runtime = readRuntimeConfig();

export const webEnv = {
  /** Base URL of the storefront API (spec 01 §7): this server's own `/api`. */
  storeApiUrl: '/api',
  /** The fixed store identifier every storefront call goes under (the server's STORE_ID). */
  storeId: runtime.store_id,
  /** Whether the server accepts sign-ups as Administrador. */
  adminSignup: runtime.admin_signup,
  support: runtime.support,
} as const;
