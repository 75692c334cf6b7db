import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The baselines: a bare Fastify route answering a tiny JSON body, and one
 * answering the bytes of BODY_FILE as they are (the app's own answer, so the
 * cost of moving and reading those bytes is separated from the app's work).
 */
const port = Number(process.env.PORT ?? 3301);
const body = process.env.BODY_FILE ? readFileSync(process.env.BODY_FILE) : Buffer.from('{}');
const app = Fastify({ logger: false });

app.get('/bare', async () => ({ status: 'ok' }));
app.get('/bare-bytes', async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(body),
);

await app.listen({ port, host: '127.0.0.1' });
console.log(`bare server on ${port}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
