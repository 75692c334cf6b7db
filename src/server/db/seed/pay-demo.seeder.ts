import sharp from 'sharp';
import type { Seeder } from './seeder';
import { createSecretBox } from '../../lib/secret-box';
import { createStorage } from '../../lib/storage';
import { DEMO_ACCOUNTS } from '../../features/accounts/demo-accounts.seeder';
import { findUserByEmail } from '../../features/auth/users.service';
import {
  createPaymentMethod,
  listPaymentMethods,
} from '../../features/payments/payment-methods.service';
import {
  addProductImages,
  createProduct,
  listCompanyProducts,
} from '../../features/products/products.service';
import { updateCompanySettings } from '../../features/profiles/company-profile.service';
import { updateSellerSettings } from '../../features/profiles/seller-profile.service';
import { writeDemoHistory } from './demo-history';
import { companyScope, sellerScope } from '../../lib/scope';

/** The demo company's catalogue: prices in cents, commission in basis points. */
const DEMO_PRODUCTS = [
  {
    title: 'Yerba mate orgánica 1 kg',
    category: 'Yerba',
    price: 650_000,
    stock: 120,
    bps: 800,
    colors: ['#3f7d20', '#a3c76d'],
  },
  {
    title: 'Yerba mate suave 500 g',
    category: 'Yerba',
    price: 320_000,
    stock: 200,
    bps: 500,
    colors: ['#5a8f29', '#d7e8b0'],
  },
  {
    title: 'Mate de calabaza forrado en cuero',
    category: 'Mates',
    price: 1_850_000,
    stock: 35,
    bps: 1200,
    colors: ['#7a4a21', '#d9a066'],
  },
  {
    title: 'Bombilla de alpaca pico de loro',
    category: 'Bombillas',
    price: 980_000,
    stock: 60,
    bps: 1000,
    colors: ['#6b7280', '#e5e7eb'],
  },
  {
    title: 'Termo de acero 1 litro',
    category: 'Termos',
    price: 4_200_000,
    stock: 25,
    bps: 600,
    colors: ['#1f3a5f', '#8fb3de'],
  },
  {
    title: 'Set matero de viaje',
    category: 'Mates',
    price: 5_600_000,
    stock: 12,
    bps: 1500,
    colors: ['#9a3412', '#fdba74'],
  },
] as const;

/** A simple product picture drawn from two colours (no files shipped with the repository). */
function demoPicture(title: string, [dark, light]: readonly [string, string]): Promise<Buffer> {
  const words = title.split(' ');
  const lines = [words.slice(0, 3).join(' '), words.slice(3).join(' ')].filter(Boolean);
  const text = lines
    .map(
      (line, index) =>
        `<text x="400" y="${640 + index * 64}" font-family="Liberation Sans, Arial, sans-serif" font-size="52" font-weight="700" fill="#ffffff" text-anchor="middle">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
    <rect width="800" height="800" fill="url(#g)"/>
    <circle cx="400" cy="330" r="190" fill="#ffffff" fill-opacity="0.25"/>
    <circle cx="400" cy="330" r="120" fill="${dark}" fill-opacity="0.55"/>
    ${text}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A CBU with valid check digits (bank 285, branch 0590), for the demo seller's payouts. */
export const DEMO_SELLER_CBU = '2850590940090418135201';

/** The demo company's bank-transfer method: its own account, not the platform's (store-config.ts). */
export const DEMO_COMPANY_TRANSFER = {
  bankName: 'Banco de la Nación Argentina',
  accountHolder: 'Yerba Mate del Litoral S.A.',
  cbu: '0110599520000001234569',
  alias: 'YERBA.LITORAL',
  cuit: '30-71234567-1',
  instructions: 'Escribe la referencia del pedido en el concepto de la transferencia.',
};

/**
 * The demo company's business, so every panel has something to show after
 * `npm start`: products with pictures, bank transfer as payment method, the
 * demo seller's links and bank account, and three months of orders in every
 * status with the company's payments, a payout and a refund after it
 * (demo-history.ts). Runs once (it does nothing when the demo company
 * already has products) and never in production, where the demo accounts
 * have no known passwords.
 */
export const payDemoSeeder: Seeder = {
  name: 'demo-business',
  async run({ db, orderWorkflow, config, log }) {
    if (config.isProduction) return;
    const companyEmail = DEMO_ACCOUNTS.find((account) => account.role === 'company')!.email;
    const sellerEmail = DEMO_ACCOUNTS.find((account) => account.role === 'seller')!.email;
    const adminEmail = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!.email;
    const [company, seller, admin] = await Promise.all([
      findUserByEmail(db, companyEmail),
      findUserByEmail(db, sellerEmail),
      findUserByEmail(db, adminEmail),
    ]);
    if (!company || !seller || !admin) return;
    const storage = createStorage(config);
    const existing = await listCompanyProducts(db, storage, companyScope(company.id), {
      page: 1,
      page_size: 1,
    });
    if (existing.total > 0) return;

    await updateCompanySettings(
      db,
      companyScope(company.id),
      { id: company.id, name: company.name },
      {
        provider_collector_id: '204918375',
        // The tax data its documents carry (the same CUIT as its bank account's holder).
        legal_name: DEMO_COMPANY_TRANSFER.accountHolder,
        tax_id: DEMO_COMPANY_TRANSFER.cuit,
        tax_condition: 'responsable_inscripto',
      },
    );
    const secretBox = createSecretBox({
      current: config.appSecret,
      previous: config.appSecretPrevious,
    });
    const methods = await listPaymentMethods(
      { db, secretBox, appUrl: config.appUrl },
      companyScope(company.id),
    );
    if (!methods.items.some((method) => method.provider === 'transferencia')) {
      await createPaymentMethod(
        { db, secretBox, appUrl: config.appUrl },
        companyScope(company.id),
        {
          provider: 'transferencia',
          is_active: true,
          config: DEMO_COMPANY_TRANSFER,
        },
      );
    }

    const productIds: string[] = [];
    for (const demo of DEMO_PRODUCTS) {
      const product = await createProduct(db, storage, companyScope(company.id), {
        title: demo.title,
        description: `${demo.title}. Producto de Misiones, enviado a todo el país por Yerba Mate del Litoral.`,
        price_cents: demo.price,
        stock: demo.stock,
        category: demo.category,
        is_active: true,
        commission_bps: demo.bps,
      });
      await addProductImages(db, storage, companyScope(company.id), product.id, [
        {
          filename: 'demo.png',
          field: 'file',
          data: await demoPicture(demo.title, demo.colors),
        },
      ]);
      productIds.push(product.id);
    }

    // Where the demo seller is paid: a bank account with a valid CBU.
    await updateSellerSettings(db, sellerScope(seller.id), {
      payment_method: 'bank',
      payment_details: { cbu: DEMO_SELLER_CBU, alias: 'MARTIN.SOSA.VM' },
    });
    // Three months of business, written through the services with their own clock.
    const placed = await writeDemoHistory({
      db,
      orderWorkflow,
      companyId: company.id,
      sellerId: seller.id,
      admin: { id: admin.id, name: admin.name },
      productIds,
      now: new Date(),
      holdDays: config.pay.settlementHoldDays,
      minimumCents: config.pay.payoutMinimumCents,
      pendingHours: 72,
    });
    log.info({ products: productIds.length, orders: placed }, 'negocio de demostración creado');
  },
};
