import './styles/app.css';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { OrderStatusPage } from '@web/features/pay/order-status-page';
import { PayPage } from '@web/features/pay/pay-page';
import { TransferPage } from '@web/features/pay/transfer-page';
import { payEntryPage } from '@shared/pay-entry';
import { ErrorBoundary } from './app/error-boundary';

/**
 * The payment pages' own entry (pay.html): what a buyer opens from a seller's
 * link, on a phone. The production build compiles it with Preact in React's
 * place (vite.config.ts, mode `pay`), so the page stays within its 90 KB
 * budget; the code is plain React and also runs on React in `npm run dev`.
 */
const PAGES: Record<NonNullable<ReturnType<typeof payEntryPage>>, ComponentType> = {
  pay: PayPage,
  transfer: TransferPage,
  status: OrderStatusPage,
};

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

const page = payEntryPage(window.location.pathname, window.location.search);
if (page === undefined) {
  // Not a payment page (the server only sends pay.html for those): the main app.
  window.location.replace('/');
} else {
  const Page = PAGES[page];
  createRoot(container).render(
    <ErrorBoundary>
      <Page />
    </ErrorBoundary>,
  );
}
