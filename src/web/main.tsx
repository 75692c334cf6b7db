import './styles/app.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/app-routes';

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

const root = createRoot(container);
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
