import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanySettings } from '@shared/company/company-settings.schema';
import {
  PRODUCT_MESSAGES,
  type CreateProductBody,
  type Product,
  type ProductList,
  type UpdateProductBody,
} from '@shared/products/products.schema';
import { ApiError, apiRequest } from '@web/lib/api-client';

const PRODUCTS = ['company-products'] as const;

export function useCompanyProducts(q: string) {
  return useQuery({
    queryKey: [...PRODUCTS, q],
    queryFn: () =>
      apiRequest<ProductList>(
        `/api/company/products?page_size=100${q ? `&q=${encodeURIComponent(q)}` : ''}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * Whether products cannot be created until a collector id is typed (spec 02 §5):
 * only when the company's payment methods use one and none is set or connected.
 */
export function useCollectorIdMissing() {
  return useQuery({
    queryKey: ['company-settings'],
    queryFn: () => apiRequest<CompanySettings>('/api/company/settings'),
    select: (settings) =>
      settings.collector_id_required &&
      !settings.provider_collector_id &&
      !settings.connected_collector_id,
  });
}

export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; body: CreateProductBody | UpdateProductBody }) =>
      input.id
        ? apiRequest<Product>(`/api/company/products/${input.id}`, {
            method: 'PATCH',
            body: input.body as Record<string, unknown>,
          })
        : apiRequest<Product>('/api/company/products', {
            method: 'POST',
            body: input.body as Record<string, unknown>,
          }),
    onSettled: () => client.invalidateQueries({ queryKey: PRODUCTS }),
  });
}

/** Activo/Inactivo from the list: shown at once, put back if the server refuses. */
export function useToggleProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; is_active: boolean }) =>
      apiRequest<Product>(`/api/company/products/${input.id}`, {
        method: 'PATCH',
        body: { is_active: input.is_active },
      }),
    onMutate: async (input) => {
      await client.cancelQueries({ queryKey: PRODUCTS });
      const before = client.getQueriesData<ProductList>({ queryKey: PRODUCTS });
      client.setQueriesData<ProductList>({ queryKey: PRODUCTS }, (list) =>
        list
          ? {
              ...list,
              items: list.items.map((item) =>
                item.id === input.id ? { ...item, is_active: input.is_active } : item,
              ),
            }
          : list,
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: PRODUCTS }),
  });
}

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/company/products/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: PRODUCTS }),
  });
}

/**
 * spec 02 §8 'Error al subir la imagen {file}: {message}'. A refusal of the
 * image itself (too large, not an image…) already reads so from the server.
 */
export function imageUploadFailure(fileName: string, error: unknown): string {
  if (error instanceof ApiError && error.code === 'IMAGE_REJECTED') return error.message;
  return PRODUCT_MESSAGES.imageUploadFailed(fileName, error instanceof Error ? error.message : '');
}

/**
 * Uploads one image with its progress (fetch cannot report upload progress).
 * Answers the product with the image added; a refusal carries the server's message.
 */
export function uploadProductImage(
  productId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<Product> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/company/products/${productId}/images`);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    };
    request.onload = () => {
      const body = request.response as
        { error?: { code: string; message: string } } | Product | null;
      if (request.status >= 200 && request.status < 300) return resolve(body as Product);
      const error = body && 'error' in body ? body.error : undefined;
      reject(
        new ApiError(
          request.status,
          error?.code ?? 'HTTP_ERROR',
          error?.message ?? `HTTP ${request.status}`,
        ),
      );
    };
    request.onerror = () =>
      reject(new ApiError(0, 'NETWORK_ERROR', 'No pudimos conectar con el servidor.'));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
