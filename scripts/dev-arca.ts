import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TEST_ARCA_CUIT, writeArcaTestCertificate } from '../tests/fakes/arca-test-cert';
import { startFakeArca } from '../tests/fakes/fake-arca';

/**
 * `npm run dev:arca`: the app as `npm start` runs it, with electronic invoicing
 * pointed at the local fake of ARCA's WSAA and WSFEv1 instead of ARCA, so
 * Facturación and the companies' documents can be tried end to end without a
 * certificate. The fake's certificate and key are kept in `.tmp/fake-arca`,
 * and the vouchers it authorized too (as ARCA keeps them), so a restart goes
 * on numbering where the last one stopped. FAKE_ARCA_PORT moves the fake
 * (4597 by default). Refuses to run when ARCA_* is already configured.
 */
const root = path.resolve(import.meta.dirname, '..');
if (process.env.ARCA_CUIT || process.env.ARCA_CERT) {
  console.error('ARCA_* is configured: run `npm start` to use it, or unset it to use the fake.');
  process.exit(1);
}
const directory = path.join(root, '.tmp/fake-arca');
const files = writeArcaTestCertificate(directory);
const arca = await startFakeArca({
  port: Number(process.env.FAKE_ARCA_PORT ?? 4597),
  trustedCertificatePem: files.certificatePem,
});
const kept = path.join(directory, 'vouchers.json');
if (existsSync(kept)) {
  const saved = JSON.parse(readFileSync(kept, 'utf8')) as [string, never][];
  for (const [key, voucher] of saved) arca.vouchers.set(key, voucher);
}
const save = () => writeFileSync(kept, JSON.stringify([...arca.vouchers]));
const saving = setInterval(save, 2000);
console.log(`Fake ARCA (homologation-like) on ${arca.url}; documents go there, not to ARCA.`);

// As `npm start` does: the build (skipped when up to date), then the server, signalled directly.
const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) {
  await arca.close();
  process.exit(built.status ?? 1);
}
const app = spawn(process.execPath, ['--enable-source-maps', 'dist/server/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    ARCA_CUIT: TEST_ARCA_CUIT,
    ARCA_CERT: files.certificatePath,
    ARCA_KEY: files.keyPath,
    ARCA_POINT_OF_SALE: process.env.ARCA_POINT_OF_SALE ?? '1',
    ARCA_PRODUCTION: 'false',
    ARCA_WSAA_URL: arca.wsaaUrl,
    ARCA_WSFE_URL: arca.wsfeUrl,
  },
});
const stop = () => app.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
app.on('exit', async (code) => {
  clearInterval(saving);
  save();
  await arca.close();
  process.exit(code ?? 0);
});
