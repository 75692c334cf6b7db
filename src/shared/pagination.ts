import { z } from './zod';

/**
 * Lists (API.md conventions): `?page=1&page_size=20` (at most 100) answered as
 * `{ items, total, page, page_size }`.
 */
const Page = z.coerce
  .number({ error: 'La página debe ser un número entero desde 1.' })
  .int('La página debe ser un número entero desde 1.')
  .min(1, 'La página debe ser un número entero desde 1.')
  .max(100_000, 'La página debe ser un número entero desde 1.');
const PageSize = z.coerce
  .number({ error: 'page_size debe ser un número entero entre 1 y 100.' })
  .int('page_size debe ser un número entero entre 1 y 100.')
  .min(1, 'page_size debe ser un número entero entre 1 y 100.')
  .max(100, 'page_size debe ser un número entero entre 1 y 100.');

/** `?page=1&page_size=20` (API.md: lists). */
export const PageQuery = z.object({ page: Page.default(1), page_size: PageSize.default(20) });

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}
