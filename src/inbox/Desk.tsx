/** The desk: folders, search, the list with its verbs, one message, export and a visitor's data. */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
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

/**
 * The first page of a folder and search, loaded when either changes and refreshed while the page
 * is open and visible (not while a message is open). The page's title counts the new messages.
 */
function useListing(
  folder: InboxFolder,
  query: string,
  openId: string | null,
  setNotice: (text: string) => void,
) {
  const [listing, setListing] = useState<Listing | null>(null);
  const load = useCallback(async (f: InboxFolder, q: string) => {
    const answer = await inbox({ op: 'list', folder: f, query: q, cursor: null });
    setListing({ ...answer, folder: f, query: q });
  }, []);

  useEffect(() => {
    let live = true;
    inbox({ op: 'list', folder, query, cursor: null }).then(
      (answer) => live && setListing({ ...answer, folder, query }),
      (error: unknown) => live && setNotice(errorText(error) || w.error),
    );
    return () => {
      live = false;
    };
  }, [folder, query, setNotice]);

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
  const loadMore = async () => {
    if (!listing?.next) return;
    const answer = await inbox({ op: 'list', folder, query, cursor: listing.next });
    setListing({ ...answer, rows: [...listing.rows, ...answer.rows], folder, query });
  };
  return { listing, load, loadMore };
}

/** Runs one action of the desk at a time: busy meanwhile, its failure said in the notice. */
function useAct() {
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
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
  return { busy, notice, setNotice, act };
}

/** Downloads the folder's messages that match the search, as CSV. */
async function exportCsv(folder: InboxFolder, query: string) {
  const { csv, fileName } = await inbox({ op: 'export', folder, query });
  download(csv, fileName, 'text/csv;charset=utf-8');
}

export function Desk({ email }: { email: string }) {
  const [folder, setFolder] = useState<InboxFolder>('new');
  const [query, setQuery] = useState('');
  const [draft, setDraft] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  const { busy, notice, setNotice, act } = useAct();
  const { listing, load, loadMore } = useListing(folder, query, openId, setNotice);

  /** Another folder or search: what was selected goes. */
  const show = (f: InboxFolder, q: string) => {
    setSelected(new Set());
    setFolder(f);
    setQuery(q);
  };

  const mark = (selection: InboxSelection, m: InboxMark) =>
    act(async () => {
      const { changed } = await inbox({ op: 'mark', selection, mark: m });
      setSelected(new Set());
      await load(folder, query);
      setNotice(w.marked(changed));
    });

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

  return (
    <div className="desk">
      <DeskHeader email={email} />
      <Folders folder={folder} counts={listing?.counts} onShow={(f) => show(f, query)} />
      <Search
        draft={draft}
        onDraft={setDraft}
        searching={query !== ''}
        onSearch={() => show(folder, draft.trim())}
        onClear={() => {
          setDraft('');
          show(folder, '');
        }}
      />
      <section aria-labelledby="list-heading" className="listing">
        <h2 id="list-heading">
          {w.folders[folder]}: {listing ? w.matching(listing.matching, listing.query) : w.loading}
        </h2>
        <Verbs
          folder={folder}
          matching={listing?.matching ?? 0}
          selected={selected}
          busy={busy}
          onMark={(m) => void mark({ ids: [...selected] }, m)}
          onMarkAll={() => void mark({ folder, query }, VERBS[folder][0]!)}
          onExport={() => void act(() => exportCsv(folder, query))}
        />
        <p role="status" className="notice">
          {notice}
        </p>
        <Rows
          rows={listing?.rows ?? []}
          loaded={listing !== null}
          selected={selected}
          onSelect={setSelected}
          onOpen={setOpenId}
        />
        {listing?.next && (
          <button type="button" disabled={busy} onClick={() => void act(loadMore)}>
            {w.more}
          </button>
        )}
      </section>
      <VisitorData onErased={() => void load(folder, query)} />
    </div>
  );
}

function DeskHeader({ email }: { email: string }) {
  return (
    <header className="desk-head">
      <h1>{w.heading}</h1>
      <p>
        {w.signedInAs(email)}{' '}
        <button type="button" className="link-button" onClick={() => void signOutNow()}>
          {w.signOut}
        </button>
      </p>
    </header>
  );
}

function Folders(props: {
  folder: InboxFolder;
  counts: InboxListAnswer['counts'] | undefined;
  onShow(folder: InboxFolder): void;
}) {
  return (
    <nav aria-label={w.foldersLabel} className="folders">
      <ul>
        {INBOX_FOLDERS.map((f) => (
          <li key={f}>
            <button
              type="button"
              aria-current={f === props.folder ? 'page' : undefined}
              onClick={() => props.onShow(f)}
            >
              {w.folders[f]} <span className="count">{props.counts?.[f] ?? '–'}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Search(props: {
  draft: string;
  onDraft(draft: string): void;
  searching: boolean;
  onSearch(): void;
  onClear(): void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch();
  };
  return (
    <form role="search" className="search" onSubmit={submit}>
      <label htmlFor="inbox-search">{w.search}</label>
      <input
        id="inbox-search"
        type="search"
        value={props.draft}
        maxLength={200}
        onChange={(e) => props.onDraft(e.target.value)}
      />
      <button type="submit">{w.searchButton}</button>
      {props.searching && (
        <button type="button" onClick={props.onClear}>
          {w.clearSearch}
        </button>
      )}
    </form>
  );
}

/** The folder's verbs for the selected messages, one for all that match, and the export. */
function Verbs(props: {
  folder: InboxFolder;
  matching: number;
  selected: Set<string>;
  busy: boolean;
  onMark(mark: InboxMark): void;
  onMarkAll(): void;
  onExport(): void;
}) {
  const { folder, selected, busy } = props;
  return (
    <div className="verbs" role="group" aria-label={w.selected(selected.size)}>
      <span aria-live="polite">{w.selected(selected.size)}</span>
      {VERBS[folder].map((m) => (
        <button
          key={m}
          type="button"
          disabled={busy || selected.size === 0}
          onClick={() => props.onMark(m)}
        >
          {w.marks[m]}
        </button>
      ))}
      {props.matching > 0 && folder !== 'all' && (
        <button type="button" disabled={busy} onClick={props.onMarkAll}>
          {w.markAll(w.marks[VERBS[folder][0]!], props.matching)}
        </button>
      )}
      <button type="button" disabled={busy || !props.matching} onClick={props.onExport}>
        {w.exportCsv}
      </button>
    </div>
  );
}

/** The listed messages, each with its checkbox, and one box that selects the whole page. */
function Rows(props: {
  rows: InboxRow[];
  loaded: boolean;
  selected: Set<string>;
  onSelect(update: (selected: Set<string>) => Set<string>): void;
  onOpen(id: string): void;
}) {
  const { rows, selected, onSelect } = props;
  if (rows.length === 0) return props.loaded && <p>{w.empty}</p>;
  const allOnPage = rows.every((r) => selected.has(r.id));
  const toggle = (id: string) =>
    onSelect((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <>
      <label className="select-all">
        <input
          type="checkbox"
          checked={allOnPage}
          onChange={() => onSelect(() => (allOnPage ? new Set() : new Set(rows.map((r) => r.id))))}
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
            onOpen={() => props.onOpen(r.id)}
          />
        ))}
      </ul>
    </>
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
