import type { ComponentType } from 'react';
import { firstContentfulPaint } from '../firstPaint';

/** Whether this browser can give us a WebGL context at all (and `?webgl=0` has not turned it off). */
export function webglAvailable(search: string): boolean {
  if (new URLSearchParams(search).get('webgl') === '0') return false;
  try {
    const probe = document.createElement('canvas');
    const gl = probe.getContext('webgl2') ?? probe.getContext('webgl');
    if (!gl) return false;
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}

/**
 * Resolves once the page has painted its first content and finished loading, so the canvas
 * chunk (three, R3F, troika) never competes with the first paint.
 */
export function afterFirstPaintAndLoad(): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  return Promise.all([loaded, firstContentfulPaint()]).then(() => undefined);
}

/** Resolves when the browser next has an idle moment (or after `timeoutMs` at the latest). */
export function idle(timeoutMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window)
      window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 50);
  });
}

/** A canvas can be handed to a worker (and `?offscreen=0` has not turned that off). */
export function offscreenAvailable(search: string): boolean {
  if (new URLSearchParams(search).get('offscreen') === '0') return false;
  return (
    typeof OffscreenCanvas !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype
  );
}

/** Where the title is drawn: its canvas in a worker, its canvas in the page, or the DOM title. */
export type TitlePath = 'worker' | 'page' | 'dom';

/**
 * The first path that can work and has not failed yet. What exists is not enough: WebKitGTK (and
 * Safari before WebGL in workers) has OffscreenCanvas with no WebGL context in a worker, so a path
 * that reports no context is added to `failed` and the next one is tried.
 */
export function titlePath(
  can: { webgl: boolean; offscreen: boolean },
  failed: ReadonlySet<TitlePath> = new Set(),
): TitlePath {
  if (can.webgl && can.offscreen && !failed.has('worker')) return 'worker';
  if (can.webgl && !failed.has('page')) return 'page';
  return 'dom';
}

/** A title canvas; it calls `onUnavailable` when it gets no WebGL context after all. */
export type TitleCanvasComponent = ComponentType<{ onUnavailable: (reason: string) => void }>;

/**
 * Loads the canvas chunk for a path. For the page, one library at a time, each in its own idle
 * moment: three.js, then troika, then React Three Fiber with the title itself. Evaluating them in
 * one go is one long task that keeps the page from answering input. (R3F comes with the title: it
 * shares React with the main chunk, and importing it on its own would split React out of it.)
 * For the worker, everything heavy runs there.
 */
export async function importTitleCanvas(
  path: 'worker' | 'page',
): Promise<{ default: TitleCanvasComponent }> {
  if (path === 'worker') return import('./OffscreenTitle');
  await import('three');
  await idle();
  await import('troika-three-text');
  await idle();
  return import('./TitleCanvas');
}
