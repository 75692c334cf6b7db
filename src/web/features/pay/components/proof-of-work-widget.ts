/**
 * The ALTCHA widget (a web component), loaded only when the server asks a
 * buyer for a proof of work (428 on POST /api/public/pay/:productId), so the
 * pay page's own budget never carries it. The `external` build has no inline
 * workers: the PBKDF2 worker is a file of our own origin (Vite's `?worker`),
 * which the CSP allows; nothing is fetched from anywhere else.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/es-419';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

export interface ProofOfWorkOptions {
  /** Where the widget asks for its challenge (GET /api/public/pay/:productId/challenge). */
  challengeUrl: string;
  /** The solved payload, to send as `challenge` with the order. */
  onVerified: (payload: string) => void;
  /** The challenge could not be fetched or solved. */
  onFailed: () => void;
}

/** Puts the widget in `target`; it fetches and solves its challenge at once. Returns its removal. */
export function mountProofOfWork(target: HTMLElement, options: ProofOfWorkOptions): () => void {
  const widget = document.createElement('altcha-widget');
  widget.setAttribute('challenge', options.challengeUrl);
  widget.setAttribute('language', 'es-419');
  widget.setAttribute('auto', 'onload');
  widget.setAttribute('type', 'checkbox');
  widget.setAttribute('configuration', JSON.stringify({ hideFooter: true }));
  widget.addEventListener('verified', (event) => {
    options.onVerified((event as CustomEvent<{ payload: string }>).detail.payload);
  });
  widget.addEventListener('statechange', (event) => {
    if ((event as CustomEvent<{ state: string }>).detail.state === 'error') options.onFailed();
  });
  target.append(widget);
  return () => widget.remove();
}
