import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};
const visitorYear = () => new Date().getFullYear();
const buildYear = () => __BUILD_YEAR__;

/**
 * The visitor's calendar year. The prerendered HTML carries the build's year; hydration starts
 * from that same value (no mismatch) and React then re-renders with the visitor's clock, so a page
 * built last year still shows this year.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(subscribe, visitorYear, buildYear);
}
