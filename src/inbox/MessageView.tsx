/** One message, whole: its text (as text), sender, time, deliveries, and what can be done with it. */
import { useEffect, useRef, useState } from 'react';
import type { InboxMark, InboxMessage } from '../contract/inbox';
import { inboxWords as w } from '../content/inbox';
import { errorText, inbox } from './client';
import { studioTime } from './time';

/** A `mailto:` link that answers `m` in the studio's own mail client, the message quoted. */
function replyLink(m: InboxMessage): string {
  const quoted = m.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `\n\n${m.name} wrote on ${studioTime(m.receivedAt)}:\n${quoted}`;
  const subject = `${w.replyPrefix}${w.replySubject}`;
  return `mailto:${encodeURIComponent(m.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

const MARKS: Record<InboxMessage['folder'], InboxMark[]> = {
  new: ['handled', 'spam'],
  handled: ['new', 'spam'],
  spam: ['not-spam'],
};

/** Who sent the message, and when it came. */
function Facts({ message }: { message: InboxMessage }) {
  return (
    <dl className="facts">
      <dt>{w.from}</dt>
      <dd>
        {message.name} &lt;{message.email}&gt;
      </dd>
      <dt>{w.received}</dt>
      <dd>
        <time dateTime={message.receivedAt}>{studioTime(message.receivedAt)}</time>
      </dd>
    </dl>
  );
}

/** Why the filter held the message, when it did. */
function SpamReasons({ reasons }: { reasons: string[] }) {
  if (reasons.length === 0) return null;
  return (
    <section aria-labelledby="why-spam">
      <h2 id="why-spam">{w.spamReasons}</h2>
      <ul>
        {reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </section>
  );
}

/** Each delivery's state and last error, with a retry for one that failed or waits. */
function Deliveries(props: {
  deliveries: InboxMessage['deliveries'];
  busy: boolean;
  onRetry(channel: string): void;
}) {
  return (
    <section aria-labelledby="deliveries">
      <h2 id="deliveries">{w.deliveries}</h2>
      <ul className="deliveries">
        {props.deliveries.map((d) => (
          <li key={d.channel}>
            <strong>{w.channels[d.channel] ?? d.channel}</strong>: {w.states[d.state]}
            {d.lastError && <span className="error"> — {d.lastError}</span>}
            {(d.state === 'failed' || d.state === 'pending') && (
              <button type="button" disabled={props.busy} onClick={() => props.onRetry(d.channel)}>
                {w.retry(w.channels[d.channel] ?? d.channel)}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MessageView({ id, onBack }: { id: string; onBack(): void }) {
  const [message, setMessage] = useState<InboxMessage | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const act = async (work: () => Promise<InboxMessage>) => {
    setBusy(true);
    setNotice('');
    try {
      setMessage(await work());
    } catch (error) {
      setNotice(errorText(error) || w.error);
    } finally {
      setBusy(false);
    }
  };
  const reload = async () => (await inbox({ op: 'open', id })).message;

  useEffect(() => {
    let live = true;
    inbox({ op: 'open', id }).then(
      (answer) => {
        if (!live) return;
        setMessage(answer.message);
        heading.current?.focus();
      },
      (error: unknown) => live && setNotice(errorText(error) || w.error),
    );
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <article className="message" aria-labelledby="message-heading">
      <button type="button" className="link-button" onClick={onBack}>
        {w.back}
      </button>
      <h1 id="message-heading" ref={heading} tabIndex={-1}>
        {message ? message.name : w.loading}
      </h1>
      <p role="status" className="notice">
        {notice}
      </p>
      {message && (
        <>
          <Facts message={message} />
          <div className="verbs">
            <a className="button" href={replyLink(message)}>
              {w.reply}
            </a>
            {MARKS[message.folder].map((m) => (
              <button
                key={m}
                type="button"
                disabled={busy}
                onClick={() =>
                  void act(async () => {
                    await inbox({ op: 'mark', selection: { ids: [id] }, mark: m });
                    return reload();
                  })
                }
              >
                {w.marks[m]}
              </button>
            ))}
          </div>
          <p className="message-text">{message.message}</p>
          <SpamReasons reasons={message.spamReasons} />
          <Deliveries
            deliveries={message.deliveries}
            busy={busy}
            onRetry={(channel) =>
              void act(async () => (await inbox({ op: 'retry', id, channel })).message)
            }
          />
        </>
      )}
    </article>
  );
}
