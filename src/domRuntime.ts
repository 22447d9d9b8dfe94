/** React's DOM runtime, fetched beside the app to run in a task of its own (docs/pages.md). */
export { createRoot, hydrateRoot } from 'react-dom/client';
