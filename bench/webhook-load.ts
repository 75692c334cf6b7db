import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';

/** What bench/integrations.ts sends webhooks to, and the backlog it queues for them. */

export interface Receiver {
  url: string;
  count: number;
  first: number;
  last: number;
  close(): Promise<void>;
}

/** A company's system on loopback: answers every delivery 200 at once, counting them. */
export async function startReceiver(): Promise<Receiver> {
  const receiver = { count: 0, first: 0, last: 0 } as Receiver;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const now = performance.now();
      if (receiver.count === 0) receiver.first = now;
      receiver.last = now;
      receiver.count += 1;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/vendemas`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** 20,000 events for the endpoint, each about its own order, queued as a change would queue them. */
export async function queueBacklog(
  db: Database,
  endpointId: string,
  companyId: string,
  count: number,
) {
  const padding = 'x'.repeat(700);
  await db.execute(sql`
    insert into webhook_events (id, company_id, type, body)
    select 'evt_bench_' || n, ${companyId}, 'order.created',
      json_build_object('id', 'evt_bench_' || n, 'type', 'order.created',
        'data', json_build_object('object', json_build_object('id', n, 'note', ${padding}::text)))::text
    from generate_series(1, ${count}::int) as n`);
  await db.execute(sql`
    insert into webhook_deliveries (endpoint_id, event_id, event_type, object_key)
    select ${endpointId}, 'evt_bench_' || n, 'order.created', 'order:bench-' || n
    from generate_series(1, ${count}::int) as n`);
}
