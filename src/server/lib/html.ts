/**
 * Text for HTML the server writes (pages, e-mails, the local inbox): element
 * content or a double-quoted attribute; every character that could end the
 * attribute or start markup is escaped. The one HTML escape on the server:
 * attributes it writes are always double-quoted.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
