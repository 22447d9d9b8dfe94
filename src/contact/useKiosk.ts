import { useEffect, useLayoutEffect, type Dispatch } from 'react';
import type { FormEvent, FormState } from './formState';
import { FORGET_VISITOR, isKiosk, THANK_YOU_MS } from './kiosk';

/**
 * The rules of a kiosk (`/?event`) for a mounted form: it forgets its visitor at the idle reset,
 * and a Sent form or the queued note stays for the thank-you time only.
 */
export function useKiosk(state: FormState, dispatch: Dispatch<FormEvent>): void {
  // Known after hydration: the prerendered form is an ordinary one.
  useLayoutEffect(() => {
    if (isKiosk()) dispatch({ type: 'kiosk' });
  }, [dispatch]);

  const { kiosk, status } = state;
  useEffect(() => {
    if (!kiosk) return;
    const forget = () => dispatch({ type: 'forget' });
    window.addEventListener(FORGET_VISITOR, forget);
    return () => window.removeEventListener(FORGET_VISITOR, forget);
  }, [kiosk, dispatch]);

  const thanking = kiosk && (status === 'sent' || state.banner.polite);
  // Each new Sent or note (a change of status) starts the time again.
  useEffect(() => {
    if (!thanking) return;
    const timer = setTimeout(() => dispatch({ type: 'thankYouOver' }), THANK_YOU_MS);
    return () => clearTimeout(timer);
  }, [thanking, status, dispatch]);
}
