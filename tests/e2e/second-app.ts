import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect } from '@playwright/test';
import { E2E_SECOND_PORT, E2E_SERVER_DIR, E2E_WEB_DIR } from '../../playwright.config';

export const SECOND_APP_URL = `http://localhost:${E2E_SECOND_PORT}`;

/**
 * The same build the journeys use, started a second time on its own port and
 * data folder with other settings (say, admins who must use two factors):
 * settings the main e2e server cannot take without changing every journey.
 */
export async function startSecondApp(env: Record<string, string>): Promise<() => Promise<void>> {
  const dataDir = `.tmp/e2e-${E2E_SECOND_PORT}/data`;
  rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn('node', [`${E2E_SERVER_DIR}/server.js`], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(E2E_SECOND_PORT),
      APP_URL: SECOND_APP_URL,
      DATA_DIR: dataDir,
      WEB_DIR: E2E_WEB_DIR,
      LOG_LEVEL: 'warn',
      SEED: 'false',
      AUTH_RATE_LIMIT: '500',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Whatever happens next, the app does not outlive the journey.
  process.once('exit', () => child.kill('SIGKILL'));
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${SECOND_APP_URL}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 110_000, intervals: [250] },
    )
    .toBe(200);
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}
