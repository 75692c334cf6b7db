import { useSyncExternalStore } from 'react';
import type { MeResponse } from '@shared/accounts/accounts.schema';

/**
 * The signed-in user and profile (spec 01 §4), shared by the landing header and
 * the panels. Deliberately tiny: no TanStack Query, no auth client, so the landing
 * bundle stays small. Sign-in and sign-out in one tab reach the others through
 * BroadcastChannel, with a storage event as the fallback.
 */
export type SessionState =
  | { status: 'loading'; user: null; profile: null }
  | { status: 'ready'; user: MeResponse['user']; profile: MeResponse['profile'] };

const LOADING: SessionState = { status: 'loading', user: null, profile: null };
const CHANNEL = 'vendemas-session';
const STORAGE_KEY = 'vendemas-session-event';

let state: SessionState = LOADING;
let inflight: Promise<void> | null = null;
let started = false;
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function emit(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Reads /api/me again. A failed read leaves nobody signed in (spec 01 §8: profile set to null). */
export function refreshSession(): Promise<void> {
  inflight ??= fetch('/api/me', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  })
    .then(async (response) => {
      const body = response.ok ? ((await response.json()) as MeResponse) : null;
      emit({ status: 'ready', user: body?.user ?? null, profile: body?.profile ?? null });
    })
    .catch(() => emit({ status: 'ready', user: null, profile: null }))
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** Tells the other tabs that the session changed, so they read it again. */
export function announceSessionChange(): void {
  channel?.postMessage('changed');
  try {
    localStorage.setItem(STORAGE_KEY, String(Date.now()));
  } catch {
    // Private mode: BroadcastChannel alone will do.
  }
}

/** Ends the session on the server, clears it here and in the other tabs. */
export async function signOut(): Promise<void> {
  await fetch('/api/auth/sign-out', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => undefined);
  emit({ status: 'ready', user: null, profile: null });
  announceSessionChange();
}

function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  if ('BroadcastChannel' in window) {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void refreshSession();
  }
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) void refreshSession();
  });
  void refreshSession();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  start();
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => LOADING,
  );
}
