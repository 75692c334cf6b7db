import { createServer } from 'node:http';

/**
 * A company's system for bench/integrations.ts, in a process of its own so
 * that answering webhooks takes nothing from the load generator: every POST
 * is answered 200 at once and counted; `GET /stats` tells how many came and
 * the milliseconds between the first and the last; `DELETE /stats` starts again.
 */
let count = 0;
let first = 0;
let last = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method === 'POST') {
      const now = performance.now();
      if (count === 0) first = now;
      last = now;
      count += 1;
      res.writeHead(200).end();
      return;
    }
    if (req.method === 'DELETE') count = 0;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ count, spanMs: last - first }));
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
