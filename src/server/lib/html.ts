/**
 * Text for HTML the server writes (element content or a double-quoted
 * attribute): every character that could end the attribute or start markup
 * is escaped.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
