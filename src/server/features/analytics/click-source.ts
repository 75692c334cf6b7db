import { isbot } from 'isbot';

/**
 * What a request for a payment link's page says about who asked and where
 * they came from: whether a person's browser asked (not a link preview, a
 * crawler or a prefetch), the channel, and the device class.
 */

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/**
 * Link previews (WhatsApp, facebookexternalhit, Telegram, Twitter/X, Slack,
 * Discord, LinkedIn), search crawlers and other bots, by `isbot`'s maintained
 * list; a request without a user agent is no browser either.
 */
export function isBot(userAgent: string): boolean {
  return userAgent.trim() === '' || isbot(userAgent);
}

/** A speculative load (`Sec-Purpose: prefetch`, `Purpose: prefetch`, Firefox's `X-Moz`): nobody saw the page yet. */
export function isPrefetch(headers: Headers): boolean {
  return (
    /prefetch|prerender/i.test(header(headers, 'sec-purpose')) ||
    /prefetch|preview/i.test(header(headers, 'purpose')) ||
    /prefetch/i.test(header(headers, 'x-moz')) ||
    /preview/i.test(header(headers, 'x-purpose'))
  );
}

/** Whether a person's browser asked for the page: the only requests counted as clicks. */
export function isPersonVisit(headers: Headers): boolean {
  return !isBot(header(headers, 'user-agent')) && !isPrefetch(headers);
}

/** A channel named in `?src=` (what the share buttons add): one short lowercase word. */
const CHANNEL = /^[a-z0-9][a-z0-9_-]{0,23}$/;

/** Referrers that are one channel under several hosts. */
const KNOWN_HOSTS: [RegExp, string][] = [
  [/(^|\.)whatsapp\.(com|net)$|^wa\.me$/, 'whatsapp'],
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)facebook\.com$|^fb\.me$|(^|\.)messenger\.com$/, 'facebook'],
  [/^t\.co$|(^|\.)twitter\.com$|(^|\.)x\.com$/, 'x'],
  [/^t\.me$|(^|\.)telegram\.(org|me)$/, 'telegram'],
  [/(^|\.)tiktok\.com$/, 'tiktok'],
  [/(^|\.)google\.[a-z.]+$/, 'google'],
  [/(^|\.)linkedin\.com$|^lnkd\.in$/, 'linkedin'],
];

/**
 * The channel of a click: `src` when it is a valid channel word, else the
 * referrer's site (known sites by their name, others by their host without
 * `www.`), else `direct` (no referrer, or our own pages).
 */
export function channelOf(src: unknown, referrer: string, appHost: string): string {
  if (typeof src === 'string') {
    const word = src.trim().toLowerCase();
    if (CHANNEL.test(word)) return word;
  }
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return 'direct';
  }
  if (!host || host === appHost) return 'direct';
  for (const [pattern, channel] of KNOWN_HOSTS) if (pattern.test(host)) return channel;
  return host.replace(/^www\./, '').slice(0, 60);
}

export type BrowserFamily =
  'chrome' | 'firefox' | 'safari' | 'edge' | 'samsung' | 'opera' | 'other';

/**
 * The browser family a user agent names (link analytics count one visitor
 * per address network and family a day, whatever else the string says).
 * Chromium's offshoots first (they also say Chrome), then Chrome (which also
 * says Safari); an iOS in-app browser without a Safari token is Safari's engine.
 */
export function browserFamilyOf(userAgent: string): BrowserFamily {
  if (/\bEdg(?:e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/\b(?:OPR|OPiOS|OPT)\/|\bOpera\b/.test(userAgent)) return 'opera';
  if (/\bSamsungBrowser\//.test(userAgent)) return 'samsung';
  if (/\b(?:Firefox|FxiOS)\//.test(userAgent)) return 'firefox';
  if (/\b(?:Chrome|CriOS|Chromium)\//.test(userAgent)) return 'chrome';
  if (/\bSafari\//.test(userAgent) || /\bAppleWebKit\/.*\bMobile\//.test(userAgent)) {
    return 'safari';
  }
  return 'other';
}

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/** The device class from the user agent (and the Client Hint a Chromium browser sends). */
export function deviceOf(headers: Headers): DeviceClass {
  const userAgent = header(headers, 'user-agent');
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (header(headers, 'sec-ch-ua-mobile') === '?1') return 'mobile';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/**
 * The session token in the app's session cookie (Better Auth's signed
 * `vendemas.session_token`), to tell the company's or seller's own visits
 * apart; the recorder looks it up in a batch, off the page's path.
 */
export function sessionTokenOf(headers: Headers): string | null {
  const cookie = header(headers, 'cookie');
  const match = /(?:^|;\s*)(?:__Secure-)?vendemas\.session_token=([^;]+)/.exec(cookie);
  if (!match?.[1]) return null;
  let value: string;
  try {
    value = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  const token = dot > 0 ? value.slice(0, dot) : value;
  return /^[\w-]{8,200}$/.test(token) ? token : null;
}
