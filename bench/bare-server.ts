import Fastify from 'fastify';

/** The baseline: a bare Fastify route answering a small JSON body, with no plugins. */
const port = Number(process.env.PORT ?? 3301);
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
await app.listen({ port, host: '127.0.0.1' });
console.log(`bare server on ${port}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
