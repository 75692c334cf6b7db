import './styles/app.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadRoute } from './app/app-routes';

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

const root = createRoot(container);
// The opening page's chunks download with this bundle (index.html announces
// them); rendering once they are in paints the page in one pass instead of a
// spinner, then the layout, then the page. A chunk that fails to load is the
// error boundary's to show, as on any later render.
void preloadRoute(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    // As a transition, the first render yields to the browser every few
    // milliseconds instead of holding the main thread until the page is built.
    startTransition(() => {
      root.render(
        <StrictMode>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </StrictMode>,
      );
    });
  });
