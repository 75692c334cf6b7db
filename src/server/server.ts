import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { seedDemoData } from './db/seed';
import { disablePublicPasswordAccounts } from './features/auth/public-passwords';
import { keepNewFilesPrivate, makeDataDirPrivate } from './lib/private-files';

/** Starts the server: build the app, seed demo data when enabled, listen, and shut down cleanly. */
async function main(): Promise<void> {
  // Before anything writes into the data folder (loadConfig may write the development secret).
  keepNewFilesPrivate();
  const config = loadConfig();
  const madePrivate = makeDataDirPrivate(config.dataDir);
  const app = await buildApp(config);
  if (madePrivate) {
    app.log.info(
      { dataDir: config.dataDir, entries: madePrivate },
      'carpeta de datos hecha privada (solo su dueño puede leerla)',
    );
  }

  if (config.seed) {
    await seedDemoData({ db: app.db, orderWorkflow: app.orderWorkflow, config, log: app.log });
  }
  if (config.isProduction) {
    // A data folder or database first used in development keeps its demo accounts
    // with the passwords the README prints: they must not open anything here.
    await disablePublicPasswordAccounts(app.db, app.log, { dataDir: config.dataDir });
  }

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`VendeMás escuchando en ${config.appUrl} (base de datos: ${app.dbDriver})`);
  console.log(`\n  VendeMás está listo: ${config.appUrl}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('VendeMás no pudo iniciar:', error);
  }
  process.exit(1);
});
