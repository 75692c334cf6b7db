import { Check, Copy, MapPin, MessageCircle, Package, Search, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatArs } from '@shared/money';
import type { CatalogueItem } from '@shared/seller/seller.schema';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { useCatalogue } from './api/seller-api';

/** spec 02 §9 (copy feedback), as on the transfer page: 2 seconds. */
export const COPIED_MS = 2000;

/** The ready-made WhatsApp message: product, price and the seller's own link. */
export function whatsappText(item: CatalogueItem): string {
  return `¡Hola! Te recomiendo ${item.product.title} de ${item.company.name} a ${formatArs(item.buyer_price_cents)}. Puedes comprarlo acá: ${item.link}`;
}

export function whatsappUrl(item: CatalogueItem): string {
  return `https://wa.me/?text=${encodeURIComponent(whatsappText(item))}`;
}

/** spec 02 §2 Catálogo (/seller/products): what the seller can sell in their province, ready to share. */
export function CataloguePage() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('');
  const [company, setCompany] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const catalogue = useCatalogue({ q, category, company });
  const first = catalogue.data?.pages[0];
  const items = catalogue.data?.pages.flatMap((page) => page.items) ?? [];

  if (
    catalogue.isError &&
    catalogue.error instanceof ApiError &&
    catalogue.error.code === 'PROVINCE_REQUIRED'
  ) {
    return (
      <Card className="mx-auto max-w-md p-8 text-center">
        <MapPin className="mx-auto size-10 text-primary" aria-hidden />
        <h1 className="mt-3 text-xl font-bold">Elige tu provincia</h1>
        <p className="mt-2 text-sm text-muted-foreground">{catalogue.error.message}</p>
        <Button asChild className="mt-5">
          <Link to="/seller/settings">Ir a Configuración</Link>
        </Button>
      </Card>
    );
  }

  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-brand-dark">Catálogo</h1>
      <p className="mt-1 text-sm text-muted-foreground">
        {first
          ? `Productos de empresas que envían a ${first.province}.`
          : 'Productos de empresas que envían a tu provincia.'}{' '}
        Comparte tu link y gana en cada venta.
      </p>

      <div className="mt-4 grid gap-2 sm:grid-cols-[1fr_auto_auto]">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Buscar por título"
            aria-label="Buscar productos"
            className="pl-9"
          />
        </div>
        <select
          aria-label="Categoría"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          className="h-11 rounded-lg border border-input bg-background px-3 text-sm"
        >
          <option value="">Todas las categorías</option>
          {first?.categories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <select
          aria-label="Empresa"
          value={company}
          onChange={(e) => setCompany(e.target.value)}
          className="h-11 rounded-lg border border-input bg-background px-3 text-sm"
        >
          <option value="">Todas las empresas</option>
          {first?.companies.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </div>

      {catalogue.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Cargando el catálogo…" />
        </div>
      ) : catalogue.isError ? (
        <p role="alert" className="mt-6 text-destructive">
          {catalogue.error.message}
        </p>
      ) : items.length === 0 ? (
        <Card className="mt-6 flex flex-col items-center p-10 text-center">
          <Package className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">
            {q || category || company
              ? 'Nada coincide con tu búsqueda'
              : 'Todavía no hay productos para tu provincia'}
          </h2>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">
            {q || category || company
              ? 'Prueba con otra palabra o quita los filtros.'
              : 'Ninguna empresa envía todavía a tu provincia. Te avisaremos en este catálogo cuando se sumen.'}
          </p>
        </Card>
      ) : (
        <>
          <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
            {first?.total} {first?.total === 1 ? 'producto' : 'productos'}
          </p>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {items.map((item) => (
              <li key={item.product.id}>
                <ProductCard item={item} />
              </li>
            ))}
          </ul>
          {catalogue.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <Button
                variant="outline"
                onClick={() => void catalogue.fetchNextPage()}
                disabled={catalogue.isFetchingNextPage}
              >
                {catalogue.isFetchingNextPage ? 'Cargando…' : 'Ver más productos'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

function ProductCard({ item }: { item: CatalogueItem }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const image = item.product.thumbnail_urls[0];
  const canShare = typeof navigator !== 'undefined' && 'share' in navigator;

  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="flex gap-3 p-3">
        {image ? (
          <img
            src={image}
            alt=""
            loading="lazy"
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-lg object-cover"
          />
        ) : (
          <span className="flex size-24 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
            <Package className="size-6" aria-hidden />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            {item.company.logo_url ? (
              <img src={item.company.logo_url} alt="" className="size-4 rounded object-contain" />
            ) : null}
            <span className="truncate">{item.company.name}</span>
          </p>
          <h2 className="mt-0.5 line-clamp-2 font-semibold leading-snug text-foreground">
            {item.product.title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{formatArs(item.buyer_price_cents)}</p>
          <p className="mt-1 text-lg font-extrabold text-emerald-700">
            Ganas {formatArs(item.seller_commission_cents)}
          </p>
        </div>
      </div>
      <div className="mt-auto grid grid-cols-2 gap-2 border-t border-border bg-slate-50 p-3">
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            void navigator.clipboard.writeText(item.link).then(
              () => setCopied(true),
              () => undefined,
            )
          }
          aria-label={`Copiar link de ${item.product.title}`}
        >
          {copied ? (
            <Check className="size-4 text-emerald-600" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
          <span aria-live="polite">{copied ? '¡Copiado!' : 'Copiar link'}</span>
        </Button>
        <Button asChild size="sm" className="bg-[#128c4a] hover:bg-[#0f7a40]">
          <a
            href={whatsappUrl(item)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Compartir ${item.product.title} por WhatsApp`}
          >
            <MessageCircle className="size-4" aria-hidden />
            WhatsApp
          </a>
        </Button>
        {canShare ? (
          <Button
            variant="ghost"
            size="sm"
            className="col-span-2"
            onClick={() =>
              void navigator
                .share({ title: item.product.title, text: whatsappText(item), url: item.link })
                .catch(() => undefined)
            }
          >
            <Share2 className="size-4" aria-hidden />
            Compartir…
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
