import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';

/**
 * Lighthouse's performance category with its defaults: a mobile device,
 * simulated slow 4G (150 ms RTT, 1.6 Mbit/s) and a 4× slower CPU. Runs on the
 * system Chromium, one browser for every run; Lighthouse clears the cache
 * before each run, so every run is a first visit.
 */
export interface LighthouseRun {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** Cumulative layout shift (observed, so a busy machine hardly moves it; goal ≤ 0.05). */
  cls: number;
  transferBytes: number;
  lcpElement: string;
}

export interface LighthousePage {
  name: string;
  url: string;
  runs: LighthouseRun[];
  /** The run with the median score (scores move between runs on a shared machine). */
  median: LighthouseRun;
}

/**
 * Chromium picks a free debugging port (`0`) and writes it into the profile
 * folder, so several runs can share a machine.
 */
async function launchChromium(): Promise<{ child: ChildProcess; profile: string; port: number }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'vendemas-lighthouse-'));
  const child = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const port = Number(
        readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0],
      );
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return { child, profile, port };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('Chromium did not open its debugging port');
}

async function runOnce(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    output: 'json',
    logLevel: 'error',
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { nodeLabel?: string; selector?: string } }[] }[] } | undefined;
  const node = lcpDetails?.items?.[0]?.items?.[0]?.node;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    transferBytes: numeric('total-byte-weight'),
    lcpElement: node ? `${node.selector ?? ''} "${(node.nodeLabel ?? '').slice(0, 40)}"` : '?',
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: try again. */
async function runWithRetries(url: string, port: number, attempts = 3): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, port);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`Lighthouse run failed, trying again: ${(error as Error).message}`);
    }
  }
}

/** Runs each page `times` times (interleaved, so a busy moment does not hit one page only). */
export async function lighthousePages(
  pages: { name: string; url: string }[],
  times = 3,
): Promise<LighthousePage[]> {
  const { child, profile, port } = await launchChromium();
  try {
    const runs = new Map(pages.map((page) => [page.url, [] as LighthouseRun[]]));
    for (let round = 0; round < times; round += 1) {
      for (const page of pages) runs.get(page.url)!.push(await runWithRetries(page.url, port));
    }
    return pages.map((page) => {
      const all = runs.get(page.url)!;
      const sorted = [...all].sort((a, b) => a.score - b.score);
      return { ...page, runs: all, median: sorted[Math.floor(sorted.length / 2)]! };
    });
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    // Chromium's helper processes can still be writing to the profile just after it exits.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

export function printLighthouse(results: LighthousePage[]): void {
  console.log(
    `\nLighthouse performance (mobile, simulated slow 4G, median of ${results[0]?.runs.length ?? 0} runs)`,
  );
  for (const page of results) {
    const m = page.median;
    const scores = page.runs.map((r) => r.score);
    const spread = Math.max(...scores) - Math.min(...scores);
    const tbts = page.runs.map((r) => r.tbtMs);
    console.log(
      `${page.name.padEnd(32)} score ${String(m.score).padStart(3)}  [runs ${scores.join(', ')}; spread ${spread}]` +
        `  LCP ${(m.lcpMs / 1000).toFixed(1)} s  FCP ${(m.fcpMs / 1000).toFixed(1)} s  TBT ${m.tbtMs} ms` +
        ` [${Math.min(...tbts)}–${Math.max(...tbts)}]  CLS ${m.cls.toFixed(3)}` +
        ` [max ${Math.max(...page.runs.map((r) => r.cls)).toFixed(3)}]` +
        `  transferred ${(m.transferBytes / 1024).toFixed(1)} KB`,
    );
    console.log(`${''.padEnd(32)} LCP element: ${m.lcpElement}`);
  }
}

// `tsx bench/lighthouse.ts <url>…` measures pages of a server already running.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const urls = process.argv.slice(2);
  const times = Number(process.env.RUNS ?? 3);
  printLighthouse(
    await lighthousePages(
      urls.map((url) => ({ name: new URL(url).pathname, url })),
      times,
    ),
  );
}
