/**
 * The studio's inbox page in the dev server: `/inbox` is `inbox.html`, as Hosting's clean URLs
 * serve it in a build (`vite.inbox.config.ts` builds it apart from the visitors' pages).
 */
import type { Plugin } from 'vite';

export function inboxPagePlugin(): Plugin {
  return {
    name: 'inbox-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url === '/inbox' || req.url?.startsWith('/inbox?'))
          req.url = `/inbox.html${req.url.slice(6)}`;
        next();
      });
    },
  };
}
