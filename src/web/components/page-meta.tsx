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
  image = '/og-image.jpg',
}: PageMetaProps) {
  const url = window.location.href;
  // Link previews need absolute URLs.
  const imageUrl = new URL(image, window.location.origin).href;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={BRAND.name} />
      <meta property="og:locale" content="es_AR" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:url" content={url} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
