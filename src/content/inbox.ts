/** The words of the studio's inbox (`/inbox`): headings, labels, buttons and what it says. */
import type { InboxFolder, InboxMark } from '../contract/inbox';
import { company } from './company';

export const inboxWords = {
  title: `Inbox — ${company.name}`,
  /** The studio's time zone, in which the inbox shows every time (the studio is in Lincoln, NE). */
  timeZone: 'America/Chicago',
  heading: 'Inbox',
  signIn: {
    heading: 'Sign in to the inbox',
    lead: 'We send a sign-in link to your address. Open it on this device.',
    email: 'Your email address',
    send: 'Send the sign-in link',
    sending: 'Sending…',
    sent: (email: string) =>
      `A sign-in link is on its way to ${email}. Open it on this device to come back here signed in.`,
    confirmHeading: 'Finish signing in',
    confirmLead: 'Confirm the address the link was sent to.',
    confirm: 'Sign in',
    failed: 'That did not work. The link may be used or old: ask for a new one.',
  },
  notOwner: {
    heading: 'This address cannot open the inbox',
    lead: (email: string) =>
      `You are signed in as ${email}, which is not one of the studio's addresses. Sign out and use a studio address.`,
  },
  signOut: 'Sign out',
  signedInAs: (email: string) => `Signed in as ${email}`,
  loading: 'Loading…',
  folders: {
    new: 'New',
    handled: 'Handled',
    spam: 'Spam',
    all: 'All',
  } satisfies Record<InboxFolder, string>,
  foldersLabel: 'Folders',
  search: 'Search messages',
  searchButton: 'Search',
  clearSearch: 'Clear',
  matching: (n: number, query: string) =>
    query
      ? `${n} message${n === 1 ? '' : 's'} match “${query}”`
      : `${n} message${n === 1 ? '' : 's'}`,
  empty: 'No messages here.',
  more: 'Show older messages',
  selectAll: 'Select every message on this page',
  select: (name: string) => `Select the message from ${name}`,
  selected: (n: number) => `${n} selected`,
  marks: {
    handled: 'Mark handled',
    new: 'Mark new',
    spam: 'Mark spam',
    'not-spam': 'Not spam',
  } satisfies Record<InboxMark, string>,
  markAll: (label: string, n: number) => `${label}: all ${n} here`,
  marked: (n: number) => `${n} message${n === 1 ? '' : 's'} changed.`,
  exportCsv: 'Export as CSV',
  back: 'Back to the list',
  from: 'From',
  received: 'Received',
  deliveries: 'Deliveries',
  spamReasons: 'Why it was flagged',
  retry: (channel: string) => `Send to ${channel} again`,
  reply: 'Reply by email',
  replyPrefix: 'Re: ',
  replySubject: `Your message to ${company.name}`,
  channels: { mail: 'Email' } as Record<string, string>,
  states: {
    pending: 'waiting to be sent',
    sending: 'being sent',
    delivered: 'delivered',
    failed: 'failed',
    spam: 'held as spam',
  },
  newBadge: 'new',
  visitor: {
    heading: "A visitor's data",
    lead: 'Find, export or erase everything held about one email address.',
    email: 'Visitor email address',
    find: 'Find',
    none: (email: string) => `Nothing is held about ${email}.`,
    found: (email: string, messages: number, buckets: number) =>
      `Held about ${email}: ${messages} message${messages === 1 ? '' : 's'} and ${buckets} rate-limit record${buckets === 1 ? '' : 's'}.`,
    download: 'Download a copy (JSON)',
    erase: 'Erase all of it',
    confirm: (email: string) => `Erase everything held about ${email}? This cannot be undone.`,
    yes: 'Yes, erase it',
    no: 'Keep it',
    erased: (email: string) => `Everything held about ${email} was erased.`,
  },
  error: 'Something went wrong. Try again.',
} as const;
