import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// The build prerenders every route; the dev server does not.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);

// Event mode (`/?event`) and the offline service worker are separate chunks, fetched after the
// page has started and never part of its first paint.
if (new URLSearchParams(window.location.search).has('event'))
  void import('./event/eventMode').then((m) => m.startEventMode());
if (import.meta.env.PROD) {
  const register = () => void import('./offline/register').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
