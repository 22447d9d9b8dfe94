/** One card of the Projects showcase. */
export interface Project {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly linkLabel: 'Website' | 'Documentation' | 'Coming Soon';
  /** Where the button leads; absent for a project that has not shipped. */
  readonly url?: string;
  readonly disabled: boolean;
  readonly tags: readonly string[];
}

export const projects: readonly Project[] = [
  {
    id: 'shelf',
    title: 'Shelfmark',
    description:
      'A book library and reading tracker: catalogue what you own, log every session and watch your reading habits grow over the year.',
    linkLabel: 'Website',
    url: 'https://shelfmark.example.com',
    disabled: false,
    tags: ['iOS', 'Android', 'Web'],
  },
  {
    id: 'tree-select',
    title: 'Tree Select',
    description:
      'An open source tree-select component for a UI framework: nested options, search, keyboard navigation and lazy-loaded branches.',
    linkLabel: 'Documentation',
    url: 'https://tree-select.example.com/docs',
    disabled: false,
    tags: ['Open source', 'Component'],
  },
  {
    id: 'gather',
    title: 'Gather',
    description:
      'A mobile event-planning app: send invitations, talk it all through in the attendee group chat and share the event photos afterwards.',
    linkLabel: 'Website',
    url: 'https://gather.example.com',
    disabled: false,
    tags: ['iOS', 'Android'],
  },
  {
    id: 'karaoke',
    title: 'Encore',
    description:
      'A cross-platform desktop karaoke manager: song queuing, singers and songbooks, with MP3+G files played straight from your library.',
    linkLabel: 'Coming Soon',
    disabled: true,
    tags: ['Windows', 'macOS', 'Linux'],
  },
];
