type EventsOf<T> = T extends Window
  ? WindowEventMap
  : T extends Document
    ? DocumentEventMap
    : MediaQueryListEventMap;

/** Passive listeners on `target`, one handler an event, until `signal` aborts. */
export function listenPassively<T extends Window | Document | MediaQueryList>(
  target: T,
  handlers: { [K in keyof EventsOf<T>]?: (event: EventsOf<T>[K]) => void },
  signal: AbortSignal,
): void {
  for (const [type, handler] of Object.entries(handlers))
    target.addEventListener(type, handler as EventListener, { passive: true, signal });
}
