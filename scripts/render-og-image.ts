import path from 'node:path';
import { chromium } from 'playwright-core';

/** Renders content/og-image.html to src/web/public/og-image.jpg (1200×630, the link-preview size). */
const root = path.resolve(import.meta.dirname, '..');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.goto(`file://${path.join(root, 'content/og-image.html')}`);
await page.screenshot({
  path: path.join(root, 'src/web/public/og-image.jpg'),
  type: 'jpeg',
  quality: 88,
});
await browser.close();
console.log('src/web/public/og-image.jpg');
