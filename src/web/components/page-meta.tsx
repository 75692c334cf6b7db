import { BRAND } from '@shared/brand';

interface PageMetaProps {
  title: string;
  description?: string;
  /** Absolute or root-relative image for link previews. */
  image?: string;
}

/** Title, description and Open Graph tags; React 19 hoists them into <head>. */
export function PageMeta({
  title,
  description = BRAND.description,
  image = '/og-image.png',
}: PageMetaProps) {
  const url = typeof window === 'undefined' ? '' : window.location.href;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={BRAND.name} />
      <meta property="og:locale" content="es_AR" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={image} />
      {url ? <meta property="og:url" content={url} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
