/**
 * spec 01 §2, §8: the storefront's texts, in English exactly as the spec gives
 * them. Components and tests (unit and browser) read them from here.
 */
export const STORE_TEXT = {
  storeLink: 'Store',
  homeLink: (brand: string) => `${brand}, home`,
  cart: 'Cart',
  productsHeading: 'Our products',
  productsIntro: 'Hand-picked items, shipped to your door. Pay securely at checkout.',
  defaultSubtitle: 'Check out this amazing product!',
  addToCart: 'Add to Cart',
  chooseStyle: 'Choose options',
  style: 'Style',
  quantity: 'Quantity',
  decrease: 'Decrease quantity',
  increase: 'Increase quantity',
  remove: 'Remove',
  checkout: 'Checkout',
  subtotal: 'Subtotal',
  emptyDrawer: 'Your cart is empty',
  emptyDrawerHint: 'Browse the store and add something you like.',
  continueShopping: 'Continue Shopping',
  shippingNote: 'Taxes and shipping are calculated at checkout.',
  noProducts: 'No products available at the moment.',
  productsErrorPrefix: 'Error loading products: ',
  productsErrorFallback: 'Failed to load products',
  productErrorPrefix: 'Error loading product: ',
  productErrorFallback: 'Failed to load product',
  goBack: 'Go back',
  backToStore: 'Back to store',
  titleSuffix: ' - Our Store',
  storeTitle: 'Store - Our Store',
  inStock: (n: number) => `${n} in stock!`,
  notEnoughStock: (n: number) => `Not enough stock. Only ${n} left.`,
  unavailable: 'Currently unavailable',
  alreadyInCart: (n: number) => `${n} already in your cart.`,
  allInCart: (n: number) => `All ${n} in stock are already in your cart.`,
  soldOut: 'Sold out',
  previousImage: 'Previous image',
  nextImage: 'Next image',
  showImage: (n: number) => `Show image ${n}`,
  sale: 'Sale',
  loading: 'Loading…',
  footerRights: 'All rights reserved.',
  signIn: 'Sign in',
  dashboard: 'Dashboard',
} as const;

/** spec 01 §5, §8: cart and checkout messages. */
export const CART_TEXT = {
  stockShortage: (product: string, variant: string, left: number) =>
    `Not enough stock for ${product} (${variant}). Only ${left} left.`,
  listErrorTitle: 'Error adding to cart',
  detailErrorTitle: 'Oh no! Something went wrong.',
  addedTitle: 'Added to Cart! 🛒',
  addedOne: (name: string) => `${name} has been added to your cart.`,
  addedMany: (qty: number, name: string, variant: string) => `${qty} x ${name} (${variant}) added.`,
  // The same texts as STORE_CHECKOUT_MESSAGES in the contract (a test holds them equal);
  // repeated here so the store pages do not load zod with the contract module.
  emptyCheckoutTitle: 'Your cart is empty',
  emptyCheckoutDescription: 'Add some products to your cart before checking out.',
  checkoutErrorTitle: 'Checkout Error',
  checkoutErrorDescription: 'There was a problem initializing checkout. Please try again.',
  restoredTitle: 'Your cart is back',
  restoredDescription: 'Your checkout was not completed, so your items are back in your cart.',
} as const;
