import { useInfiniteQuery } from '@tanstack/react-query';
import type { OrderList } from '@shared/orders/orders.schema';
import type { OrderStatus } from '@shared/order-status';
import { apiRequest } from '@web/lib/api-client';
import { searchOf, sellerKeys } from './seller-keys';

const PAGE_SIZE = 20;

export function getSellerOrders(status: OrderStatus | null, page: number) {
  return apiRequest<OrderList>(
    `/api/seller/orders${searchOf({ status, page, page_size: PAGE_SIZE })}`,
  );
}

/** The seller's own sales, newest first (the server orders them), a page at a time. */
export function useSellerOrders(status: OrderStatus | null) {
  return useInfiniteQuery({
    queryKey: [...sellerKeys.orders(), status],
    queryFn: ({ pageParam }) => getSellerOrders(status, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.page_size < last.total ? last.page + 1 : undefined,
  });
}
