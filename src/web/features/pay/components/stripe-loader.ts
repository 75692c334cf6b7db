/**
 * Stripe.js, loaded from Stripe only when a buyer chooses to pay by card
 * (PCI rules require it to come from js.stripe.com). The few calls we make
 * are typed here.
 */
export interface StripeElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}
export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripeElement;
  submit(): Promise<{ error?: StripeError }>;
}
export interface StripeError {
  type: string;
  message?: string;
}
export interface StripeClient {
  elements(options: {
    clientSecret: string;
    locale?: string;
    appearance?: Record<string, unknown>;
  }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
  }): Promise<{ error?: StripeError }>;
}

declare global {
  interface Window {
    Stripe?: (
      publishableKey: string,
      options?: { locale?: string; stripeAccount?: string },
    ) => StripeClient;
  }
}

const STRIPE_JS = 'https://js.stripe.com/v3/';
let loading: Promise<NonNullable<Window['Stripe']>> | undefined;

/** Stripe.js for a publishable key; with `stripeAccount`, acting for a company's connected account. */
export function loadStripe(publishableKey: string, stripeAccount?: string): Promise<StripeClient> {
  loading ??= new Promise((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe);
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js no se cargó.'));
    script.onerror = () => {
      loading = undefined;
      reject(new Error('No se pudo cargar Stripe.js.'));
    };
    document.head.append(script);
  });
  return loading.then((Stripe) =>
    Stripe(publishableKey, { locale: 'es-419', ...(stripeAccount ? { stripeAccount } : {}) }),
  );
}

/** spec 02 §8: card_error and validation_error show Stripe's message; anything else a generic one. */
export function cardErrorMessage(error: StripeError, fallback: string): string {
  return (error.type === 'card_error' || error.type === 'validation_error') && error.message
    ? error.message
    : fallback;
}
