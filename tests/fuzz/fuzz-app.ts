import type { InjectOptions } from 'fastify';
import { seedTestCatalogue } from '../factories/store-catalogue';
import { createUser } from '../factories/accounts';
import { documentedRoutes } from '../setup/openapi-routes';
import { createTestApp } from '../setup/test-app';
import type { FuzzAppMessage, FuzzAppReady, FuzzAnswer } from './remote-app';

/**
 * The fuzz test's app, in a process of its own (started by remote-app.ts with
 * `node --import tsx`): it answers `app.inject` requests sent over IPC. A
 * request that blocks this process's event loop cannot block the test, which
 * notices that /api/health stops answering and ends this process.
 */

const send = (message: FuzzAppReady | FuzzAnswer) => process.send?.(message);

const t = await createTestApp(
  JSON.parse(process.env.FUZZ_APP_ENV ?? '{}') as Record<string, string>,
);
await seedTestCatalogue(t.db);
const cookies: Record<string, string> = {};
for (const role of ['company', 'seller', 'admin'] as const) {
  cookies[role] = (await createUser(t.app, { role })).cookie;
}
const routes = await documentedRoutes(t.app);

process.on('message', (message: FuzzAppMessage) => {
  if (message.kind === 'close') {
    void t.close().then(() => process.exit(0));
    return;
  }
  t.app.inject(message.options as InjectOptions).then(
    (response) =>
      send({
        kind: 'answer',
        id: message.id,
        statusCode: response.statusCode,
        body: response.body.slice(0, 300),
      }),
    (error: unknown) =>
      send({
        kind: 'answer',
        id: message.id,
        statusCode: 599,
        body: `inject failed: ${String(error)}`,
      }),
  );
});

send({ kind: 'ready', cookies, appUrl: t.config.appUrl, storeId: t.config.store.id, routes });
