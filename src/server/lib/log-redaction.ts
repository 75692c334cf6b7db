/**
 * No secret in a log (API.md "Account security"). A link's query may carry a
 * key to an account or an order: a password-reset or verification `token`, a
 * buyer's order token, an OAuth `code` and `state`, and what the payment
 * providers add on the way back (MercadoPago's `payment_id`,
 * `collection_id`, `preference_id`, `merchant_order_id`,
 * `external_reference`; Stripe's `payment_intent`, its `client_secret`,
 * `session_id`, `setup_intent`…). Their values are written `[redacted]`, as is
 * the token Better Auth's reset link carries in its path.
 */

export const REDACTED = '[redacted]';

/** Query parameters whose value is a secret (names compared decoded, in lower case). */
export const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'token',
  'code',
  'state',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'password',
  // MercadoPago's return to back_urls.
  'payment_id',
  'collection_id',
  'preference_id',
  'merchant_order_id',
  'external_reference',
  // Stripe's return (Stripe.js, Checkout).
  'session_id',
]);

/** Prefixes of secret parameters: `payment_intent`, `payment_intent_client_secret`, `setup_intent…`. */
const SECRET_PREFIXES = ['payment_intent', 'setup_intent'];

/** `?name=value` or `&name=value`, up to a character a URL in a log line does not run past. */
const QUERY_PAIR = /([?&])([^=&?\s"'<>\\]{1,200})=([^&\s"'<>\\]*)/g;
/** Better Auth's reset link, `/api/auth/reset-password/{token}`. */
const SECRET_SEGMENT = /(\/reset-password\/+)([^/?&\s"'<>\\]+)/gi;

function decodedName(raw: string): string {
  let name = raw.replaceAll('+', ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // Malformed escapes: compared as written.
  }
  // `token[]` and `token[0]` are still a token.
  return name
    .trim()
    .toLowerCase()
    .replace(/\[[^\]]*\]$/, '');
}

/** Whether a query parameter's value is a secret. */
export function isSecretParam(rawName: string): boolean {
  const name = decodedName(rawName);
  return SECRET_QUERY_PARAMS.has(name) || SECRET_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/**
 * A URL, or any text holding URLs (an error's message, a whole log line), with
 * the value of every secret parameter and the reset link's token replaced by
 * `[redacted]`. Everything else is kept as written.
 */
export function redactSecrets(text: string): string {
  if (!text.includes('=') && !text.toLowerCase().includes('/reset-password/')) return text;
  return text
    .replace(QUERY_PAIR, (pair, separator: string, name: string, value: string) =>
      value !== '' && value !== REDACTED && isSecretParam(name)
        ? `${separator}${name}=${REDACTED}`
        : pair,
    )
    .replace(SECRET_SEGMENT, (_segment, prefix: string) => `${prefix}${REDACTED}`);
}
