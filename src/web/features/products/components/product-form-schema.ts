import type { Resolver } from 'react-hook-form';
import { formatAmount, parseAmountToCents, parseMoney } from '@shared/money';
import {
  CreateProductBody,
  UpdateProductBody,
  type Product,
} from '@shared/products/products.schema';
import { percentToBps } from './commission';

export interface ProductFormValues {
  title: string;
  description: string;
  price: string;
  stock: string;
  category: string;
  commission: string;
  is_active: boolean;
}

/** What the form sends: the shared schema's body (cents and basis points). */
export type ProductFormBody = CreateProductBody | UpdateProductBody;

const FIELD_OF: Record<string, keyof ProductFormValues> = {
  price_cents: 'price',
  commission_bps: 'commission',
};

export function toBody(values: ProductFormValues, editing: boolean): Record<string, unknown> {
  const stock = values.stock.trim() === '' ? Number.NaN : Number(values.stock);
  const common = {
    description: values.description,
    stock,
    commission_bps: percentToBps(values.commission) ?? Number.NaN,
    is_active: values.is_active,
  };
  return editing
    ? common
    : {
        ...common,
        title: values.title,
        price_cents: parseAmountToCents(values.price) ?? Number.NaN,
        category: values.category,
      };
}

/** Validates with the shared schema the server uses, after turning pesos and % into cents and bps. */
export function sharedSchemaResolver(editing: boolean): Resolver<ProductFormValues> {
  return async (values) => {
    const parsed = (editing ? UpdateProductBody : CreateProductBody).safeParse(
      toBody(values, editing),
    );
    const errors: Record<string, { type: string; message: string }> = {};
    // A price that cannot be read says why (negative, too many decimals…), not only that it is wrong.
    const price = parseMoney(values.price);
    if (!editing && !price.ok && values.price.trim() !== '') {
      errors.price = { type: 'validation', message: price.message };
    }
    if (parsed.success && !errors.price) return { values, errors: {} };
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      const field = FIELD_OF[key] ?? (key as keyof ProductFormValues);
      errors[field] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors };
  };
}

export function initialValues(product?: Product): ProductFormValues {
  return product
    ? {
        title: product.title,
        description: product.description,
        price: formatAmount(product.price_cents),
        stock: String(product.stock),
        category: product.category,
        commission: String(product.commission_bps / 100),
        is_active: product.is_active,
      }
    : {
        title: '',
        description: '',
        price: '',
        stock: '',
        category: '',
        commission: '3',
        is_active: true,
      };
}
