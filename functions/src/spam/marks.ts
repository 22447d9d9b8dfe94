/** The studio's marks, one per message id, under MAX_MARKS_BYTES: the oldest go first. */
import type { SpamMark, SpamMarks, SpamMarkStore } from '../store/types';

/** Well under Firestore's 1 MiB document and quick to read on a file. */
const MAX_MARKS_BYTES = 512 * 1024;
const MAX_MARK_FEATURES = 300;

export const NO_MARKS: SpamMarks = { version: '0', marks: {} };

const newVersion = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function setSpamMark(store: SpamMarkStore, id: string, mark: SpamMark | null) {
  return store.changeSpamMarks((current) =>
    mark || current.marks[id] ? withMark(current, id, mark) : null,
  );
}

/**
 * Forgets what the filter learnt from messages that are gone: the `ids` the retention sweep
 * removed, and any mark made before `before` (the retention), so no mark outlives its message.
 */
export async function forgetSpamMarks(store: SpamMarkStore, ids: string[], before: Date | null) {
  await store.changeSpamMarks((current) => {
    const gone = Object.entries(current.marks).filter(
      ([id, mark]) => ids.includes(id) || (before !== null && Date.parse(mark.at) < +before),
    );
    if (gone.length === 0) return null;
    const marks = { ...current.marks };
    for (const [id] of gone) delete marks[id];
    return { version: newVersion(), marks };
  });
}

/** The marks with `id`'s mark set (or removed), the oldest dropped while over the size cap. */
function withMark(current: SpamMarks, id: string, mark: SpamMark | null): SpamMarks {
  const marks = { ...current.marks };
  delete marks[id];
  if (mark) marks[id] = { ...mark, features: mark.features.slice(0, MAX_MARK_FEATURES) };
  const byAge = Object.keys(marks).sort((a, b) => (marks[a]!.at < marks[b]!.at ? -1 : 1));
  let size = JSON.stringify(marks).length;
  while (size > MAX_MARKS_BYTES && byAge.length > 1) {
    const oldest = byAge.shift()!;
    size -= JSON.stringify(marks[oldest]).length + oldest.length + 4;
    delete marks[oldest];
  }
  return { version: newVersion(), marks };
}
