import { afterEach, describe, expect, it, vi } from 'vitest';
import { Clock, getConsoleFunction, setConsoleFunction, warn } from 'three';
import '../../src/title/canvas/threeConsole';

afterEach(() => vi.restoreAllMocks());

describe("three.js's console on the title", () => {
  it('leaves out only the deprecation notice of THREE.Clock, which R3F sets off', () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    new Clock();
    expect(warned).not.toHaveBeenCalled();
    warn('WebGLRenderer: a notice that matters.', 42);
    expect(warned).toHaveBeenCalledWith('THREE.WebGLRenderer: a notice that matters.', 42);
  });

  it('names the notice exactly as three.js words it, so a reworded one would be seen', () => {
    const hook = getConsoleFunction();
    const seen: string[] = [];
    setConsoleFunction((_type, message) => seen.push(message));
    try {
      new Clock();
    } finally {
      setConsoleFunction(hook);
    }
    expect(seen).toEqual([
      'THREE.Clock: This module has been deprecated. Please use THREE.Timer instead.',
    ]);
  });
});
