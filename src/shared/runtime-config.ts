import { BRAND } from './brand';
import type { RuntimeConfig } from './runtime-config.schema';

/**
 * The runtime config travels inside index.html as a JSON data block
 * (`<script type="application/json" id="vm-config">`). Browsers never execute
 * that type, so the CSP keeps refusing inline scripts; and the landing page
 * reads it without loading zod (this file is plain TypeScript).
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'vm-config';

/** Used where no server wrote the config (component tests, the Vite dev server before the API answers). */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  store_id: 'vendemas',
  admin_signup: false,
  support: { email: BRAND.supportEmail, whatsapp_number: null, whatsapp_display: null },
};

/** The JSON block for index.html; `<` is escaped so no value can close the element early. */
export function runtimeConfigScript(config: RuntimeConfig): string {
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
}

/** Inserts the block before `</head>` (or at the start when a page has none). */
export function injectRuntimeConfig(html: string, config: RuntimeConfig): string {
  const script = runtimeConfigScript(config);
  // A function replacement, so a `$&` or `$'` in a setting stays text.
  return html.includes('</head>')
    ? html.replace('</head>', () => `${script}</head>`)
    : script + html;
}
