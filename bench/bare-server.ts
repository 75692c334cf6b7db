import Fastify from 'fastify';

/**
 * The baselines: a bare Fastify route answering a tiny JSON body, and one
 * answering a JSON body of a given size (to separate the app's work from the
 * cost of moving the bytes).
 */
const port = Number(process.env.PORT ?? 3301);
const app = Fastify({ logger: false });
const bodies = new Map<number, Buffer>();

app.get('/bare', async () => ({ status: 'ok' }));
app.get<{ Querystring: { bytes?: string } }>('/bare-bytes', async (request, reply) => {
  const size = Math.min(Math.max(Number(request.query.bytes) || 0, 16), 5_000_000);
  let body = bodies.get(size);
  if (!body) {
    body = Buffer.from(JSON.stringify({ data: 'x'.repeat(size - 12) }));
    bodies.set(size, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
});

await app.listen({ port, host: '127.0.0.1' });
console.log(`bare server on ${port}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
