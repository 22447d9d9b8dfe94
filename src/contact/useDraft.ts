import { useEffect, useLayoutEffect, useRef, type Dispatch } from 'react';
import {
  clearDraft,
  draftText,
  flushDraft,
  keepDraftInMemory,
  parseDraft,
  saveDraft,
  saveDraftSoon,
  type Draft,
} from './draft';
import type { FormControls } from './Field';
import type { FormEvent, FormState } from './formState';
import { isKiosk } from './kiosk';
import type { ContactField } from '../contract/rules';

const FIELDS: readonly ContactField[] = ['name', 'email', 'message'];

/**
 * The text the form starts from: the draft, under any text already in the fields (typed before
 * the app ran, or restored by the browser). On a kiosk the draft lives in memory and the text
 * the browser restored is an earlier visitor's, so it goes.
 */
function startingText(controls: FormControls): { fields: Draft; website: string } {
  if (isKiosk()) {
    keepDraftInMemory();
    for (const field of FIELDS) if (controls[field].current) controls[field].current.value = '';
  }
  const draft = parseDraft(draftText());
  const typed: Partial<Draft> = {};
  for (const field of FIELDS) {
    const value = controls[field].current?.value ?? '';
    if (value !== '' && value !== draft[field]) typed[field] = value;
  }
  // Text other than the draft's is a new message, with a new key.
  const fields = Object.keys(typed).length ? { ...draft, ...typed, idempotencyKey: '' } : draft;
  return { fields, website: controls.website.current?.value ?? '' };
}

/**
 * Brings the draft back at hydration, then keeps it in step: the fields until sent, then none.
 * A key's text is stored after the key's frame; a new status (a Send, say) at once.
 */
export function useDraft(
  state: FormState,
  dispatch: Dispatch<FormEvent>,
  controls: FormControls,
): void {
  // A layout effect: the state takes the text over before any render could overwrite it.
  useLayoutEffect(() => {
    dispatch({ type: 'hydrated', ...startingText(controls) });
  }, [dispatch, controls]);

  // A route change unmounts the form: what the last key left waiting is stored for its return.
  useEffect(() => flushDraft, []);

  const { hydrated, status, fields } = state;
  const savedStatus = useRef(status);
  useEffect(() => {
    if (!hydrated) return;
    const changed = savedStatus.current !== status;
    savedStatus.current = status;
    if (status === 'sent') clearDraft();
    else if (changed) saveDraft(fields);
    else saveDraftSoon(fields);
  }, [hydrated, status, fields]);
}
