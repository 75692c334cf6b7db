import http from 'node:http';
import pg from 'pg';
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { SMTPServer } from 'smtp-server';

export interface LoadResult {
  name: string;
  url: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

let mailSink: Promise<string> | undefined;

/**
 * The SMTP_URL of a mail server on loopback that accepts every message and
 * keeps none (production mode needs one; the bench's e-mails go nowhere).
 * One per bench process; it never keeps the process alive.
 */
export function benchMailUrl(): Promise<string> {
  mailSink ??= new Promise((resolve) => {
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        stream.on('end', () => callback());
        stream.resume();
      },
    });
    server.listen(0, '127.0.0.1', () => {
      server.server.unref();
      const { port } = server.server.address() as { port: number };
      resolve(`smtp://127.0.0.1:${port}`);
    });
  });
  return mailSink;
}

/** Starts a child process and resolves once `readyUrl` answers 200. */
export async function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyUrl: string,
): Promise<ChildProcess> {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
    try {
      const response = await fetch(readyUrl);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${readyUrl} did not answer in time`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Load with autocannon: a short warm-up, then the measured run. Bounded in time. */
export async function measure(
  name: string,
  url: string,
  {
    connections = 50,
    seconds = 10,
    headers = {},
  }: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    name,
    url,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * Loads a page in Chromium and sums what its scripts took on the wire: the
 * compressed body and the headers, as the browser's network panel counts them.
 */
export async function pageScriptTransferBytes(
  url: string,
  /** A signed-in session's cookie header, for panel pages. */
  cookie?: string,
): Promise<{ bytes: number; files: string[]; encodings: string[] }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext();
    if (cookie) {
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const [name = '', ...value] = pair.split('=');
          return { name, value: value.join('='), url };
        }),
      );
    }
    const page = await context.newPage();
    const scripts: Promise<{ url: string; bytes: number; encoding: string }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(
          response
            .request()
            .sizes()
            .then((sizes) => ({
              url: response.url(),
              bytes: sizes.responseBodySize + sizes.responseHeadersSize,
              encoding: response.headers()['content-encoding'] ?? 'identity',
            })),
        );
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const loaded = await Promise.all(scripts);
    return {
      bytes: loaded.reduce((sum, script) => sum + script.bytes, 0),
      files: loaded.map((script) => new URL(script.url).pathname),
      encodings: [...new Set(loaded.map((script) => script.encoding))],
    };
  } finally {
    await browser.close();
  }
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export interface LatencyResult {
  name: string;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  failures: number;
}

/**
 * `connections` clients each sending GET requests back to back over keep-alive
 * for `seconds` (after a short warm-up), timing every answer: p50 and p95 in
 * milliseconds. Any answer other than 200 counts as a failure.
 */
export async function measureLatency(
  name: string,
  url: string,
  {
    connections = 10,
    seconds = 8,
    headers = {},
  }: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<LatencyResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const once = () =>
    new Promise<number>((resolve) => {
      const started = performance.now();
      const request = http.get(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve(response.statusCode === 200 ? performance.now() - started : -1),
        );
      });
      request.on('error', () => resolve(-1));
    });
  const run = async (ms: number) => {
    const times: number[] = [];
    const until = performance.now() + ms;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) times.push(await once());
      }),
    );
    return times;
  };
  await run(1500);
  const times = await run(seconds * 1000);
  agent.destroy();
  const ok = times.filter((time) => time >= 0).sort((a, b) => a - b);
  const at = (q: number) => ok[Math.min(ok.length - 1, Math.floor(q * ok.length))] ?? NaN;
  return {
    name,
    requests: times.length,
    requestsPerSecond: Math.round(times.length / seconds),
    p50Ms: Math.round(at(0.5) * 10) / 10,
    p95Ms: Math.round(at(0.95) * 10) / 10,
    failures: times.length - ok.length,
  };
}

/** A new database on the PostgreSQL server for one bench run, and how to drop it. */
export async function createBenchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
