import path from 'node:path';
import { TEST_ARCA_CUIT, writeArcaTestCertificate } from './arca-test-cert';
import { startFakeArca } from './fake-arca';

/**
 * Runs the fake ARCA (WSAA and WSFEv1) for development and the browser
 * journeys: `tsx tests/fakes/serve-fake-arca.ts [port] [directory]`. It writes
 * the certificate and key it trusts to the directory (`.tmp/fake-arca` by
 * default) and prints the environment that points the app at it.
 * FAKE_ARCA_PORT and FAKE_ARCA_DIR do the same as the arguments.
 */
const port = Number(process.argv[2] ?? process.env.FAKE_ARCA_PORT ?? 4597);
const directory = path.resolve(process.argv[3] ?? process.env.FAKE_ARCA_DIR ?? '.tmp/fake-arca');

const { certificatePem, certificatePath, keyPath } = writeArcaTestCertificate(directory);

const arca = await startFakeArca({ port, trustedCertificatePem: certificatePem });
console.log(`fake ARCA on ${arca.url}`);
console.log(
  [
    `ARCA_CUIT=${TEST_ARCA_CUIT}`,
    `ARCA_CERT=${certificatePath}`,
    `ARCA_KEY=${keyPath}`,
    'ARCA_POINT_OF_SALE=1',
    'ARCA_PRODUCTION=false',
    `ARCA_WSAA_URL=${arca.wsaaUrl}`,
    `ARCA_WSFE_URL=${arca.wsfeUrl}`,
  ].join('\n'),
);

const stop = async () => {
  await arca.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
