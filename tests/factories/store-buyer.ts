/** A storefront buyer with a full shipping address, for checkout requests. */
export const STORE_BUYER = {
  name: 'Ana Pérez',
  email: 'ana@example.com',
  phone: '+54 11 4000 0000',
  address: 'Calle 1',
  city: 'Rosario',
  postalCode: '2000',
  province: 'Santa Fe',
};
