import { useState, type ChangeEvent } from 'react';
import { PayBuyer } from '@shared/orders/orders.schema';

export interface BuyerValues {
  name: string;
  email: string;
  phone: string;
}
export type BuyerField = keyof BuyerValues;
export type BuyerErrors = Partial<Record<BuyerField, string>>;

const FIELDS: BuyerField[] = ['name', 'email', 'phone'];

/** The buyer's details through the shared schema: the parsed buyer, or each field's first message. */
export function checkBuyer(values: BuyerValues): { buyer?: PayBuyer; errors: BuyerErrors } {
  const parsed = PayBuyer.safeParse({ ...values, phone: values.phone || undefined });
  if (parsed.success) return { buyer: parsed.data, errors: {} };
  const errors: BuyerErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FIELDS as string[]).includes(field)) {
      errors[field as BuyerField] ??= issue.message;
    }
  }
  return { errors };
}

/**
 * The pay form's state: messages appear after the first submit and then follow
 * every keystroke; a failed submit moves the focus to the first wrong field
 * (its input's id is `${idPrefix}${field}`).
 */
export function useBuyerForm(idPrefix: string) {
  const [values, setValues] = useState<BuyerValues>({ name: '', email: '', phone: '' });
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? checkBuyer(values).errors : {};

  const field = (name: BuyerField) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  /** The parsed buyer, or undefined after showing the messages. */
  const validate = (): PayBuyer | undefined => {
    setSubmitted(true);
    const { buyer, errors: found } = checkBuyer(values);
    if (!buyer) {
      const first = FIELDS.find((name) => found[name]);
      if (first) document.getElementById(`${idPrefix}${first}`)?.focus();
    }
    return buyer;
  };

  return { field, errors, validate };
}
