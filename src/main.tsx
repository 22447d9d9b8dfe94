/** The app: hydrates the prerendered page (loaded by src/boot.ts after the first paint). */
import { StrictMode, startTransition, useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { isKiosk } from './contact/kiosk';
import { outboxMayHold } from './contact/outboxHint';
import { followReducedMotion } from './dom-motion/springs';
import { startMotionInputs } from './motion/inputs';
import './styles/later.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

let markHydrated!: () => void;
const committed = new Promise<void>((resolve) => (markHydrated = resolve));

function Hydrated() {
  useEffect(() => markHydrated(), []);
  return null;
}

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
    <Hydrated />
  </StrictMode>
);

// The motion store's inputs, started before anything reads them.
startMotionInputs();
followReducedMotion();

/** Resolves once the first commit's effects have run; rejects if React's runtime fails to load. */
export const hydrated = import('./domRuntime').then(({ createRoot, hydrateRoot }) => {
  // Only the build prerenders; a transition hydrates in slices, so the page takes input between.
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
  return committed;
});

if (isKiosk()) void import('./event/eventMode').then((m) => m.startEventMode());
function afterLoad() {
  if (outboxMayHold()) void import('./contact/outbox').then((m) => m.startOutbox());
  if (import.meta.env.PROD)
    void import('./offline/register').then((m) => m.registerServiceWorker());
}
if (document.readyState === 'complete') afterLoad();
else window.addEventListener('load', afterLoad, { once: true });
