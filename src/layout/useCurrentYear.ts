import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};
const visitorYear = () => new Date().getFullYear();
const buildYear = () => __BUILD_YEAR__;

/** The visitor's calendar year, from the build's at hydration so the HTML matches (pages.md). */
export function useCurrentYear(): number {
  return useSyncExternalStore(subscribe, visitorYear, buildYear);
}
