/** The desk: folders, search, the list with its verbs, one message, export and a visitor's data. */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  INBOX_FOLDERS,
  type InboxFolder,
  type InboxListAnswer,
  type InboxMark,
  type InboxRow,
  type InboxSelection,
} from '../contract/inbox';
import { inboxWords as w } from '../content/inbox';
import { errorText, inbox, signOutNow } from './client';
import { MessageView } from './MessageView';
import { VisitorData } from './VisitorData';
import { download } from './download';
import { studioTime } from './time';

/** How often an open, visible inbox looks for new messages. */
const REFRESH_MS = 20_000;

interface Listing extends InboxListAnswer {
  folder: InboxFolder;
  query: string;
}

/** The verbs a folder offers: a message is marked out of the folder it is in. */
const VERBS: Record<InboxFolder, InboxMark[]> = {
  new: ['handled', 'spam'],
  handled: ['new', 'spam'],
  spam: ['not-spam'],
  all: ['handled', 'new', 'spam', 'not-spam'],
};

export function Desk({ email }: { email: string }) {
  const [folder, setFolder] = useState<InboxFolder>('new');
  const [query, setQuery] = useState('');
  const [draft, setDraft] = useState('');
  const [listing, setListing] = useState<Listing | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async (f: InboxFolder, q: string) => {
    const answer = await inbox({ op: 'list', folder: f, query: q, cursor: null });
    setListing({ ...answer, folder: f, query: q });
  }, []);

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setNotice('');
    try {
      await work();
    } catch (error) {
      setNotice(errorText(error) || w.error);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    let live = true;
    inbox({ op: 'list', folder, query, cursor: null }).then(
      (answer) => live && setListing({ ...answer, folder, query }),
      (error: unknown) => live && setNotice(errorText(error) || w.error),
    );
    return () => {
      live = false;
    };
  }, [folder, query]);

  /** Another folder or search: what was selected goes. */
  const show = (f: InboxFolder, q: string) => {
    setSelected(new Set());
    setFolder(f);
    setQuery(q);
  };

  // New messages appear while the page is open and visible; the list's first page is refreshed.
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible' && !openId)
        void load(folder, query).catch(() => {});
    };
    const timer = setInterval(refresh, REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [folder, query, openId, load]);

  const fresh = listing?.counts.new ?? 0;
  useEffect(() => {
    document.title = fresh > 0 ? `(${fresh}) ${w.title}` : w.title;
  }, [fresh]);

  const more = () =>
    act(async () => {
      if (!listing?.next) return;
      const answer = await inbox({ op: 'list', folder, query, cursor: listing.next });
      setListing({ ...answer, rows: [...listing.rows, ...answer.rows], folder, query });
    });

  const mark = (selection: InboxSelection, m: InboxMark) =>
    act(async () => {
      const { changed } = await inbox({ op: 'mark', selection, mark: m });
      setSelected(new Set());
      await load(folder, query);
      setNotice(w.marked(changed));
    });

  const exportCsv = () =>
    act(async () => {
      const { csv, fileName } = await inbox({ op: 'export', folder, query });
      download(csv, fileName, 'text/csv;charset=utf-8');
    });

  const search = (event: FormEvent) => {
    event.preventDefault();
    show(folder, draft.trim());
  };

  if (openId)
    return (
      <MessageView
        id={openId}
        onBack={() => {
          setOpenId(null);
          void load(folder, query);
        }}
      />
    );

  const rows = listing?.rows ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="desk">
      <header className="desk-head">
        <h1 ref={heading}>{w.heading}</h1>
        <p>
          {w.signedInAs(email)}{' '}
          <button type="button" className="link-button" onClick={() => void signOutNow()}>
            {w.signOut}
          </button>
        </p>
      </header>
      <nav aria-label={w.foldersLabel} className="folders">
        <ul>
          {INBOX_FOLDERS.map((f) => (
            <li key={f}>
              <button
                type="button"
                aria-current={f === folder ? 'page' : undefined}
                onClick={() => show(f, query)}
              >
                {w.folders[f]} <span className="count">{listing?.counts[f] ?? '–'}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <form role="search" className="search" onSubmit={search}>
        <label htmlFor="inbox-search">{w.search}</label>
        <input
          id="inbox-search"
          type="search"
          value={draft}
          maxLength={200}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit">{w.searchButton}</button>
        {query && (
          <button
            type="button"
            onClick={() => {
              setDraft('');
              show(folder, '');
            }}
          >
            {w.clearSearch}
          </button>
        )}
      </form>
      <section aria-labelledby="list-heading" className="listing">
        <h2 id="list-heading">
          {w.folders[folder]}: {listing ? w.matching(listing.matching, listing.query) : w.loading}
        </h2>
        <div className="verbs" role="group" aria-label={w.selected(selected.size)}>
          <span aria-live="polite">{w.selected(selected.size)}</span>
          {VERBS[folder].map((m) => (
            <button
              key={m}
              type="button"
              disabled={busy || selected.size === 0}
              onClick={() => void mark({ ids: [...selected] }, m)}
            >
              {w.marks[m]}
            </button>
          ))}
          {listing && listing.matching > 0 && folder !== 'all' && (
            <button
              type="button"
              disabled={busy}
              onClick={() => void mark({ folder, query }, VERBS[folder][0]!)}
            >
              {w.markAll(w.marks[VERBS[folder][0]!], listing.matching)}
            </button>
          )}
          <button
            type="button"
            disabled={busy || !listing?.matching}
            onClick={() => void exportCsv()}
          >
            {w.exportCsv}
          </button>
        </div>
        <p role="status" className="notice">
          {notice}
        </p>
        {rows.length === 0 ? (
          listing && <p>{w.empty}</p>
        ) : (
          <>
            <label className="select-all">
              <input
                type="checkbox"
                checked={allOnPage}
                onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.id)))}
              />
              {w.selectAll}
            </label>
            <ul className="rows">
              {rows.map((r) => (
                <Row
                  key={r.id}
                  row={r}
                  checked={selected.has(r.id)}
                  onToggle={() => toggle(r.id)}
                  onOpen={() => setOpenId(r.id)}
                />
              ))}
            </ul>
          </>
        )}
        {listing?.next && (
          <button type="button" disabled={busy} onClick={() => void more()}>
            {w.more}
          </button>
        )}
      </section>
      <VisitorData onErased={() => void load(folder, query)} />
    </div>
  );
}

function Row(props: { row: InboxRow; checked: boolean; onToggle(): void; onOpen(): void }) {
  const { row } = props;
  const unread = row.folder === 'new';
  return (
    <li className={unread ? 'row unread' : 'row'}>
      <input
        type="checkbox"
        checked={props.checked}
        onChange={props.onToggle}
        aria-label={w.select(row.name)}
      />
      <button type="button" className="row-open" onClick={props.onOpen}>
        <span className="row-who">
          {unread && <span className="badge">{w.newBadge}</span>}
          {row.name} <span className="row-email">&lt;{row.email}&gt;</span>
        </span>
        <time dateTime={row.receivedAt}>{studioTime(row.receivedAt)}</time>
        <span className="row-preview">{row.preview}</span>
      </button>
    </li>
  );
}
