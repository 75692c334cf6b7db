import { escapeHtml } from './html';

/** What a chat app or social network shows for a shared link. */
export interface LinkPreview {
  title: string;
  description: string;
  /** Absolute URLs. */
  image: string;
  url: string;
}

/** Open Graph and Twitter tags, so a shared link shows what it leads to. */
export function linkPreviewTags(preview: LinkPreview): string {
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeHtml(content)}">`;
  return [
    meta('name', 'description', preview.description),
    meta('property', 'og:type', 'product'),
    meta('property', 'og:locale', 'es_AR'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:image', preview.image),
    meta('property', 'og:url', preview.url),
    meta('name', 'twitter:card', 'summary_large_image'),
  ].join('');
}
