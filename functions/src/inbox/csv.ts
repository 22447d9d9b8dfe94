/** Messages as CSV for a spreadsheet: RFC 4180, UTF-8 with a BOM, formula cells defused. */
import { stringify } from 'csv-stringify/sync';
import { folderOf, type ContactRecord } from '../store/types';
import { deliveriesOf } from './view';

const COLUMNS = ['id', 'received at', 'folder', 'name', 'email', 'message', 'deliveries'];

/**
 * A cell a spreadsheet would read as a formula (starting with =, +, -, @, tab or CR) gets a
 * leading apostrophe, as OWASP's CSV injection advice says: it shows as text.
 */
function defused(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

export function messagesCsv(records: ContactRecord[]): string {
  const rows = records.map((r) =>
    [
      r.id,
      r.receivedAt,
      folderOf(r),
      r.name,
      r.email,
      r.message,
      deliveriesOf(r)
        .map((d) => `${d.channel}: ${d.state}`)
        .join('; '),
    ].map(defused),
  );
  // CRLF rows and quotes doubled inside quoted cells (RFC 4180); the BOM tells Excel it is UTF-8.
  return stringify([COLUMNS, ...rows], { bom: true, record_delimiter: 'windows' });
}
