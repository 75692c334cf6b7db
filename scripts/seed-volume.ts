import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { PasswordSchema } from '../src/shared/accounts/accounts.schema';
import { loadConfig } from '../src/server/config/env';
import { openDatabase } from '../src/server/db/client';
import { keepNewFilesPrivate, makeDataDirPrivate } from '../src/server/lib/private-files';
import { seedVolume } from '../src/server/db/seed/volume';

/**
 * Fills the configured database (PGlite in DATA_DIR, or DATABASE_URL) with a
 * realistic volume of business, to see and measure the panels at scale:
 *   npm run seed:volume -- --orders 100000 [--companies 50] [--sellers 2000]
 *     [--products 5000] [--clicks-per-order 30] [--password <clave>]
 * Each run adds new accounts (their e-mails carry the run's tag).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', default: '100000' },
      companies: { type: 'string', default: '50' },
      sellers: { type: 'string', default: '2000' },
      products: { type: 'string', default: '5000' },
      'clicks-per-order': { type: 'string', default: '30' },
      password: { type: 'string' },
    },
  });
  const count = (name: keyof typeof values, min: number) => {
    const value = Number(values[name]);
    if (!Number.isSafeInteger(value) || value < min || value > 10_000_000) {
      console.error(`--${name} debe ser un número entero entre ${min} y 10.000.000.`);
      process.exit(2);
    }
    return value;
  };
  const options = {
    orders: count('orders', 0),
    companies: count('companies', 1),
    sellers: count('sellers', 1),
    products: count('products', 1),
    clicksPerOrder: count('clicks-per-order', 0),
  };
  const password = values.password ?? randomBytes(12).toString('base64url');
  const checked = PasswordSchema.safeParse(password);
  if (!checked.success) {
    console.error(checked.error.issues[0]?.message);
    process.exit(2);
  }

  keepNewFilesPrivate();
  const config = loadConfig();
  makeDataDirPrivate(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  const started = performance.now();
  try {
    await database.migrate();
    const result = await seedVolume(database.db, { ...options, password });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      [
        `Volumen creado en ${seconds} s (${database.driver === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL'}):`,
        `  ${result.companies} empresas, ${result.sellers} vendedores, 1 administrador`,
        `  ${result.products} productos`,
        `  ${result.orders} pedidos, ${result.historyRows} cambios de estado, ${result.ledgerEntries} asientos`,
        `  ${result.clicks} clics en los links`,
        `Cuentas para entrar (contraseña: ${password}${values.password ? '' : ', generada: anótala'}):`,
        ...result.sampleAccounts.map((account) => `  ${account.role.padEnd(8)} ${account.email}`),
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

await main();
