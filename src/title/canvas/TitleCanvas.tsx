import { useEffect, type RefObject } from 'react';
import type { CanvasStatus } from '../../motion/store';
import { workerTitle } from './workerTitle';
import { idle } from './start';
import { bufferSize } from './pixelRatio';
import type { TitlePath } from './path';
import type { RendererEvents, TitleRenderer, TitleRendererOptions } from './titleRenderer';

/** One import per idle moment: three.js and R3F evaluated in one long task would block input. */
async function pageTitle(
  canvas: HTMLCanvasElement,
  options: TitleRendererOptions,
  events: RendererEvents,
): Promise<TitleRenderer> {
  await import('three');
  await idle();
  const { createTitleRenderer } = await import('./titleRenderer');
  return createTitleRenderer(canvas, options, events);
}

/** A fresh <canvas> in the title's strip (CanvasHost's), given to the renderer of `path`. */
export default function TitleCanvas({
  path,
  strip: stripRef,
  fade: fadeRef,
  onStatus,
  onUnavailable,
}: {
  path: TitlePath;
  strip: RefObject<HTMLDivElement | null>;
  fade: RefObject<HTMLDivElement | null>;
  onStatus: (canvas: CanvasStatus) => void;
  onUnavailable: (reason: string) => void;
}) {
  useEffect(() => {
    const strip = stripRef.current;
    const fade = fadeRef.current;
    if (!strip || !fade) return;
    // A canvas hands its control over once, and StrictMode runs this effect twice.

    const size = () => ({
      width: strip.clientWidth,
      height: strip.clientHeight,
      dpr: window.devicePixelRatio || 1,
    });
    const start = size();
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    canvas.style.cssText = 'display: block; width: 100%; height: 100%';
    // Born at the size the renderer gives its buffer: a size changed later lays the page out again.
    Object.assign(canvas, bufferSize(start.width, start.height, start.dpr));
    fade.append(canvas);
    const options = start;
    let live = true;
    let renderer: TitleRenderer | null = null;
    const take = (r: TitleRenderer) => {
      if (!live) return r.dispose();
      renderer = r;
      // The strip may have changed size while the renderer was set up.
      const { width, height, dpr } = size();
      r.resize(width, height, dpr);
    };
    const status = (canvas: CanvasStatus) => live && onStatus(canvas);
    if (path === 'worker')
      take(
        workerTitle(canvas, options, {
          status,
          unavailable: (reason) => live && onUnavailable(reason),
        }),
      );
    else
      pageTitle(canvas, options, { status }).then(take, (error: unknown) => {
        if (live) onUnavailable(error instanceof Error ? error.message : String(error));
      });
    const resized = new ResizeObserver(() => {
      const { width, height, dpr } = size();
      renderer?.resize(width, height, dpr);
    });
    resized.observe(strip);
    return () => {
      live = false;
      resized.disconnect();
      renderer?.dispose();
      canvas.remove();
    };
  }, [path, stripRef, fadeRef, onStatus, onUnavailable]);

  return null;
}
