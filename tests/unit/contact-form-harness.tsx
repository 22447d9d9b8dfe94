/** A form with the contact form's state and hooks but none of its motion, for jsdom. */
import { useEffect, useMemo, useReducer, useRef, type Dispatch } from 'react';
import {
  formReducer,
  INITIAL_STATE,
  type FormEvent,
  type FormState,
} from '../../src/contact/formState';
import { useDraft } from '../../src/contact/useDraft';
import { useKiosk } from '../../src/contact/useKiosk';

/** What the last render saw, and a way to send the form events. */
export interface Probe {
  state: FormState;
  dispatch: Dispatch<FormEvent>;
}

export function Harness({ onRender }: { onRender: (probe: Probe) => void }) {
  const [state, dispatch] = useReducer(formReducer, INITIAL_STATE);
  const name = useRef<HTMLInputElement>(null);
  const email = useRef<HTMLInputElement>(null);
  const message = useRef<HTMLTextAreaElement>(null);
  const website = useRef<HTMLInputElement>(null);
  const controls = useMemo(() => ({ name, email, message, website }), []);
  useDraft(state, dispatch, controls);
  useKiosk(state, dispatch);
  useEffect(() => {
    onRender({ state, dispatch });
  });
  const edit = (field: 'name' | 'email' | 'message') => (e: { target: { value: string } }) =>
    dispatch({ type: 'edited', field, value: e.target.value });
  return (
    <form>
      <input id="name" ref={name} value={state.fields.name} onChange={edit('name')} />
      <input id="email" ref={email} value={state.fields.email} onChange={edit('email')} />
      <textarea
        id="message"
        ref={message}
        value={state.fields.message}
        onChange={edit('message')}
      />
      <input id="website" ref={website} value={state.website} readOnly />
    </form>
  );
}
