import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Catalogue } from '@shared/seller/seller.schema';
import { apiRequest } from '@web/lib/api-client';
import { searchOf, sellerKeys } from './seller-keys';

export const CATALOGUE_PAGE_SIZE = 24;

export interface CatalogueFilters {
  q: string;
  category: string;
  company_id: string;
}

export function getCatalogue(filters: CatalogueFilters, page: number) {
  return apiRequest<Catalogue>(
    `/api/seller/catalogue${searchOf({ ...filters, page, page_size: CATALOGUE_PAGE_SIZE })}`,
  );
}

/** The catalogue a page at a time (infinite scroll): only what the seller scrolls to is loaded. */
export function useCatalogue(filters: CatalogueFilters) {
  return useInfiniteQuery({
    queryKey: [...sellerKeys.catalogue(), filters],
    queryFn: ({ pageParam }) => getCatalogue(filters, pageParam),
    initialPageParam: 1,
    // Typing a search keeps the current cards on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    getNextPageParam: (last) =>
      last.page * last.page_size < last.total ? last.page + 1 : undefined,
  });
}
