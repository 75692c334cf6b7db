import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { InjectOptions } from 'fastify';
import type { DocumentedRoute } from '../setup/openapi-routes';

/** What the app process says once it is ready to answer. */
export interface FuzzAppReady {
  kind: 'ready';
  /** `cookie` headers of a signed-in company, seller and admin. */
  cookies: Record<string, string>;
  appUrl: string;
  storeId: string;
  routes: DocumentedRoute[];
}

export interface FuzzAnswer {
  kind: 'answer';
  id: number;
  statusCode: number;
  /** The first 300 characters. */
  body: string;
}

export type FuzzAppMessage =
  { kind: 'inject'; id: number; options: InjectOptions } | { kind: 'close' };

/** The app of tests/fuzz/fuzz-app.ts in its own process, asked through IPC. */
export interface RemoteApp extends Omit<FuzzAppReady, 'kind'> {
  /** The app's answer, or null when none came within `limitMs`. */
  inject(options: InjectOptions, limitMs: number): Promise<FuzzAnswer | null>;
  /** Ends the process: gently when it still answers, by force when it does not (or at once with `force`). */
  close(options?: { force?: boolean }): Promise<void>;
}

const ENTRY = fileURLToPath(new URL('./fuzz-app.ts', import.meta.url));

export async function startRemoteApp(env: Record<string, string>): Promise<RemoteApp> {
  const child: ChildProcess = fork(ENTRY, [], {
    // A request that runs away with memory ends this process soon, not the machine's memory.
    execArgv: ['--import', 'tsx', '--max-old-space-size=1024'],
    serialization: 'advanced',
    env: { ...process.env, FUZZ_APP_ENV: JSON.stringify(env) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (answer: FuzzAnswer) => void>();
  let nextId = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const ready = await new Promise<FuzzAppReady>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the fuzz app stopped before it was ready (${code})`)),
    );
    child.on('message', (message: FuzzAppReady | FuzzAnswer) => {
      if (message.kind === 'ready') resolve(message);
      else waiting.get(message.id)?.(message);
    });
  });

  return {
    cookies: ready.cookies,
    appUrl: ready.appUrl,
    storeId: ready.storeId,
    routes: ready.routes,
    inject(options, limitMs) {
      const id = (nextId += 1);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(null);
        }, limitMs);
        waiting.set(id, (answer) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(answer);
        });
        child.send({ kind: 'inject', id, options } satisfies FuzzAppMessage);
      });
    },
    async close(options = {}) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (!options.force) child.send({ kind: 'close' } satisfies FuzzAppMessage);
      const gone =
        !options.force &&
        (await Promise.race([
          exited.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
        ]));
      if (!gone) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
