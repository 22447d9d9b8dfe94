/** React's DOM runtime, a chunk of its own: boot.ts fetches it beside the app (docs/pages.md). */
export { createRoot, hydrateRoot } from 'react-dom/client';
