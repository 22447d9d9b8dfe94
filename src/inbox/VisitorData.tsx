/** A visitor's data, by email address: a preview, a JSON copy, and erasure after a confirmation. */
import { useState, type FormEvent } from 'react';
import type { InboxVisitorAnswer } from '../contract/inbox';
import { inboxWords as w } from '../content/inbox';
import { errorText, inbox } from './client';
import { download } from './download';

/** `onErased` runs once a visitor's data is gone, so the list can show it. */
export function VisitorData({ onErased }: { onErased(): void }) {
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<InboxVisitorAnswer | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState('');

  const ask = async (erase: boolean) => {
    setNotice('');
    try {
      const answer = await inbox({ op: 'visitor', email: email.trim(), erase });
      setFound(erase ? null : answer);
      setConfirming(false);
      if (erase) {
        setNotice(w.visitor.erased(answer.email));
        onErased();
      }
    } catch (error) {
      setNotice(errorText(error) || w.error);
    }
  };
  const find = (event: FormEvent) => {
    event.preventDefault();
    void ask(false);
  };
  const held = found && (found.messages.length > 0 || found.rateLimitBuckets > 0);

  return (
    <section aria-labelledby="visitor-heading" className="visitor">
      <h2 id="visitor-heading">{w.visitor.heading}</h2>
      <p>{w.visitor.lead}</p>
      <form onSubmit={find}>
        <label htmlFor="visitor-email">{w.visitor.email}</label>
        <input
          id="visitor-email"
          type="email"
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setFound(null);
          }}
        />
        <button type="submit">{w.visitor.find}</button>
      </form>
      <div role="status">
        {notice && <p>{notice}</p>}
        {found && !held && <p>{w.visitor.none(found.email)}</p>}
        {found && held && (
          <p>{w.visitor.found(found.email, found.messages.length, found.rateLimitBuckets)}</p>
        )}
      </div>
      {found && held && (
        <div className="verbs">
          <button
            type="button"
            onClick={() => download(found.json, `visitor-${found.email}.json`, 'application/json')}
          >
            {w.visitor.download}
          </button>
          {confirming ? (
            <div role="alertdialog" aria-labelledby="erase-confirm" className="confirm">
              <p id="erase-confirm">{w.visitor.confirm(found.email)}</p>
              <button type="button" onClick={() => void ask(true)}>
                {w.visitor.yes}
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                {w.visitor.no}
              </button>
            </div>
          ) : (
            <button type="button" onClick={() => setConfirming(true)}>
              {w.visitor.erase}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
