/** The inbox page: sign-in by email link, then the desk for an owner, or a clear refusal. */
import { useEffect, useState, type FormEvent } from 'react';
import type { User } from 'firebase/auth';
import { inboxWords as w } from '../content/inbox';
import { inboxRefusalOf } from '../contract/inbox';
import { finishSignIn, inbox, linkInAddress, sendLink, signOutNow, watchUser } from './client';
import { Desk } from './Desk';

type Access = 'checking' | 'owner' | 'not-owner';

export function InboxApp() {
  const [user, setUser] = useState<User | null | undefined>(undefined);
  // Who the server said is an owner, by user: another user is 'checking' until it answers.
  const [checked, setChecked] = useState<{ uid: string; access: Access } | null>(null);

  useEffect(() => watchUser(setUser), []);

  useEffect(() => {
    if (!user) return;
    let live = true;
    const answer = (access: Access) => live && setChecked({ uid: user.uid, access });
    inbox({ op: 'list', folder: 'new', query: '', cursor: null }).then(
      () => answer('owner'),
      (error: unknown) => answer(inboxRefusalOf(error) === 'not-owner' ? 'not-owner' : 'owner'),
    );
    return () => {
      live = false;
    };
  }, [user]);
  const access: Access = user && checked?.uid === user.uid ? checked.access : 'checking';

  let body;
  if (user === undefined) body = <p role="status">{w.loading}</p>;
  else if (!user) {
    // Read on each render: once used, the link is taken out of the address.
    const link = linkInAddress();
    body = link ? <FinishSignIn email={link.email} /> : <SignIn />;
  } else if (access === 'checking') body = <p role="status">{w.loading}</p>;
  else if (access === 'not-owner') body = <NotOwner email={user.email ?? ''} />;
  else body = <Desk email={user.email ?? ''} />;
  return <main className="inbox">{body}</main>;
}

function SignIn() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setState('sending');
    sendLink(email.trim()).then(
      () => setState('sent'),
      () => setState('failed'),
    );
  };
  return (
    <section className="inbox-card" aria-labelledby="sign-in">
      <h1 id="sign-in">{w.signIn.heading}</h1>
      {state === 'sent' ? (
        <p role="status">{w.signIn.sent(email.trim())}</p>
      ) : (
        <form onSubmit={submit}>
          <p>{w.signIn.lead}</p>
          <EmailField id="inbox-email" value={email} onChange={setEmail} />
          <button type="submit" disabled={state === 'sending'}>
            {state === 'sending' ? w.signIn.sending : w.signIn.send}
          </button>
          {state === 'failed' && <p role="alert">{w.error}</p>}
        </form>
      )}
    </section>
  );
}

function FinishSignIn({ email: known }: { email: string | null }) {
  const [email, setEmail] = useState(known ?? '');
  const [failed, setFailed] = useState(false);
  const finish = (address: string) =>
    finishSignIn(address).catch(() => {
      setFailed(true);
    });
  // The device that asked for the link knows the address: no question to ask.
  useEffect(() => {
    if (known) void finish(known);
  }, [known]);
  if (known && !failed) return <p role="status">{w.loading}</p>;
  return (
    <section className="inbox-card" aria-labelledby="finish">
      <h1 id="finish">{w.signIn.confirmHeading}</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setFailed(false);
          void finish(email.trim());
        }}
      >
        <p>{w.signIn.confirmLead}</p>
        <EmailField id="inbox-confirm" value={email} onChange={setEmail} />
        <button type="submit">{w.signIn.confirm}</button>
        {failed && <p role="alert">{w.signIn.failed}</p>}
      </form>
    </section>
  );
}

function NotOwner({ email }: { email: string }) {
  return (
    <section className="inbox-card" aria-labelledby="not-owner">
      <h1 id="not-owner">{w.notOwner.heading}</h1>
      <p>{w.notOwner.lead(email)}</p>
      <button type="button" onClick={() => void signOutNow()}>
        {w.signOut}
      </button>
    </section>
  );
}

function EmailField(props: { id: string; value: string; onChange(value: string): void }) {
  return (
    <>
      <label htmlFor={props.id}>{w.signIn.email}</label>
      <input
        id={props.id}
        type="email"
        autoComplete="email"
        required
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </>
  );
}
