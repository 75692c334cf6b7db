import { MapPin, PackageSearch, Search, Store } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonVariants } from '@web/components/ui/button';
import { fieldClasses, Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PageSpinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { ApiError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { useCatalogue, type CatalogueFilters } from './api/get-catalogue';
import { CatalogueCard } from './components/catalogue-card';
import { EmptyState, PageHeading } from './components/empty-state';
import { LoadMore, useDebounced } from './components/load-more';
import { SELLER_TEXT } from './seller-text';

/** /seller/products (Catálogo): the products the seller can sell in their province. */
export function CataloguePage() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search.trim(), 300);
  const filters: CatalogueFilters = {
    q,
    category: params.get('categoria') ?? '',
    company_id: params.get('empresa') ?? '',
  };
  const catalogue = useCatalogue(filters);
  const first = catalogue.data?.pages[0];
  const items = catalogue.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(filters.q || filters.category || filters.company_id);
  // Nothing sells in the province: filters would only get in the way of the explanation.
  const nothingToFilter = !filtered && first?.total === 0 && first.categories.length === 0;

  function setFilter(key: 'categoria' | 'empresa', value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  }

  function clearFilters() {
    setSearch('');
    setParams(new URLSearchParams(), { replace: true });
  }

  if (catalogue.isError && catalogue.error instanceof ApiError) {
    if (catalogue.error.code === 'PROVINCE_REQUIRED') {
      return (
        <div>
          <PageHeading title="Catálogo" />
          <EmptyState
            icon={MapPin}
            title={SELLER_TEXT.provinceHeading}
            action={
              <Link to={`${paths.seller}/settings`} className={buttonVariants()}>
                {SELLER_TEXT.goToSettings}
              </Link>
            }
          >
            {catalogue.error.message}
          </EmptyState>
        </div>
      );
    }
  }

  return (
    <div>
      <PageHeading title="Catálogo">{SELLER_TEXT.catalogueIntro}</PageHeading>

      <div
        className={cn(
          'space-y-3 sm:grid sm:grid-cols-[minmax(0,1fr)_12rem_12rem] sm:gap-3 sm:space-y-0',
          nothingToFilter && 'hidden sm:hidden',
        )}
      >
        <div className="relative">
          <Label htmlFor="catalogue-search" className="mb-1 block text-xs text-muted-foreground">
            {SELLER_TEXT.searchLabel}
          </Label>
          <Search
            className="pointer-events-none absolute bottom-3.5 left-3 size-4 text-slate-400"
            aria-hidden
          />
          <Input
            id="catalogue-search"
            type="search"
            inputMode="search"
            placeholder={SELLER_TEXT.searchPlaceholder}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <FilterSelect
            id="catalogue-category"
            label={SELLER_TEXT.categoryLabel}
            value={filters.category}
            onChange={(value) => setFilter('categoria', value)}
            options={[
              { value: '', label: SELLER_TEXT.allCategories },
              ...(first?.categories ?? []).map((category) => ({
                value: category,
                label: category,
              })),
            ]}
          />
          <FilterSelect
            id="catalogue-company"
            label={SELLER_TEXT.companyLabel}
            value={filters.company_id}
            onChange={(value) => setFilter('empresa', value)}
            options={[
              { value: '', label: SELLER_TEXT.allCompanies },
              ...(first?.companies ?? []).map((company) => ({
                value: company.id,
                label: company.name,
              })),
            ]}
          />
        </div>
      </div>

      {first ? (
        <p className="mt-4 flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin className="size-4" aria-hidden />
          <span>
            {first.province} · {SELLER_TEXT.productsCount(items.length, first.total)}
          </span>
        </p>
      ) : null}

      <div className="mt-4">
        {catalogue.isPending ? (
          <PageSpinner />
        ) : catalogue.isError ? (
          <div role="alert" className="space-y-3 text-center">
            <p className="text-destructive">{catalogue.error.message}</p>
            <Button variant="outline" onClick={() => catalogue.refetch()}>
              {SELLER_TEXT.retry}
            </Button>
          </div>
        ) : items.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={PackageSearch}
              title={SELLER_TEXT.noMatchesTitle}
              action={
                <Button variant="outline" onClick={clearFilters}>
                  {SELLER_TEXT.clearFilters}
                </Button>
              }
            >
              {SELLER_TEXT.noMatches}
            </EmptyState>
          ) : (
            <EmptyState icon={Store} title={SELLER_TEXT.emptyCatalogueTitle}>
              {SELLER_TEXT.emptyCatalogue(first?.province ?? '')}
            </EmptyState>
          )
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {items.map((item) => (
                <li key={item.product.id} className="flex">
                  <CatalogueCard item={item} />
                </li>
              ))}
            </ul>
            <LoadMore
              hasMore={catalogue.hasNextPage}
              loading={catalogue.isFetchingNextPage}
              onLoad={() => void catalogue.fetchNextPage()}
              label={SELLER_TEXT.loadMore}
            />
          </>
        )}
      </div>
    </div>
  );
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <div className="min-w-0">
      <Label htmlFor={id} className="mb-1 block text-xs text-muted-foreground">
        {label}
      </Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(fieldClasses, 'h-11 truncate pr-8')}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
