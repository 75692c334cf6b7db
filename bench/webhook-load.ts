import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { startProcess, stopProcess } from './lib';

/** What bench/integrations.ts sends webhooks to, and the backlog it queues for them. */

export interface Receiver {
  url: string;
  stats(): Promise<{ count: number; spanMs: number }>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** A company's system on loopback (bench/webhook-receiver.ts), in its own process. */
export async function startReceiver(port: number): Promise<Receiver> {
  const base = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    path.join(import.meta.dirname, '../node_modules/.bin/tsx'),
    [path.join(import.meta.dirname, 'webhook-receiver.ts')],
    { PORT: String(port) },
    `${base}/stats`,
  );
  const stats = async () =>
    (await (await fetch(`${base}/stats`)).json()) as { count: number; spanMs: number };
  return {
    url: `${base}/vendemas`,
    stats,
    reset: async () => void (await fetch(`${base}/stats`, { method: 'DELETE' })),
    close: () => stopProcess(child),
  };
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
