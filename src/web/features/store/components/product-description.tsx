import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { cn } from '@web/lib/cn';

/**
 * Product HTML comes from the catalogue, not from us: it is sanitised so no
 * script, event handler or javascript: link in it can run.
 */
export function sanitizeProductHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}

/** Plain text of product HTML, for the meta description. */
export function productHtmlToText(html: string): string {
  const fragment = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true });
  return (fragment.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function ProductDescription({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => sanitizeProductHtml(html), [html]);
  if (!safe.trim()) return null;
  return (
    <div
      className={cn(
        'space-y-3 text-sm leading-relaxed text-slate-700 [&_a]:text-primary [&_a]:underline [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_strong]:text-foreground [&_ul]:list-disc',
        className,
      )}
      // Sanitised above with DOMPurify.
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
