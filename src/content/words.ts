/** The words of the site's own pages and controls, and what a screen reader hears (README.md). */
export interface Words {
  readonly skipToContent: string;
  /** The top bar's home link, read with the company's name before it. */
  readonly home: string;
  readonly nav: { readonly social: string; readonly legal: string };
  readonly scrollDown: string;
  readonly loading: string;
  readonly sections: {
    readonly welcome: string;
    readonly projects: string;
    readonly contact: string;
  };
  readonly platforms: string;
  readonly contact: {
    /** Before and after the studio's email address. */
    readonly lead: readonly [before: string, after: string];
    readonly legend: string;
    readonly labels: { readonly name: string; readonly email: string; readonly message: string };
    readonly messageHint: (min: number, max: number) => string;
    /** The honeypot field's label: people never see it. */
    readonly trap: string;
    readonly send: {
      readonly idle: string;
      readonly sending: string;
      readonly queued: string;
      readonly sent: string;
    };
    /** Read out once the message is sent. */
    readonly sentStatus: string;
  };
  readonly footer: {
    /** After the year and the company's name. */
    readonly rights: string;
    readonly terms: string;
    readonly privacy: string;
  };
  /** Before a legal page's date. */
  readonly lastUpdated: string;
  readonly notFound: {
    readonly eyebrow: string;
    readonly title: string;
    readonly lead: string;
    readonly back: string;
  };
  readonly event: {
    readonly fullScreen: string;
    readonly leaveFullScreen: string;
    readonly outboxTitle: string;
    readonly outboxCount: (count: number) => string;
  };
}

export const words: Words = {
  skipToContent: 'Skip to content',
  home: 'home',
  nav: { social: 'Social', legal: 'Legal' },
  scrollDown: 'Scroll down',
  loading: 'Loading...',
  sections: { welcome: 'Welcome', projects: 'Projects', contact: 'Contact' },
  platforms: 'Platforms',
  contact: {
    lead: [
      'Tell us about your project. We read every message and answer within two working days, or write to us at ',
      '.',
    ],
    legend: 'Your message',
    labels: { name: 'Name', email: 'Email', message: 'Message' },
    messageHint: (min, max) => `At least ${min} characters, at most ${max}.`,
    trap: 'Website (leave empty)',
    send: { idle: 'Send', sending: 'Sending', queued: 'Waiting to send', sent: 'Sent' },
    sentStatus: 'Your message has been sent.',
  },
  footer: {
    rights: 'All rights reserved.',
    terms: 'Terms & Conditions',
    privacy: 'Privacy Policy',
  },
  lastUpdated: 'Last updated:',
  notFound: {
    eyebrow: 'Error 404',
    title: 'This page does not exist',
    lead: 'The link may be old, or the address mistyped.',
    back: 'Back to the home page',
  },
  event: {
    fullScreen: 'Full screen',
    leaveFullScreen: 'Leave full screen',
    outboxTitle: 'Contact messages waiting for the network',
    outboxCount: (count) => `${count === 1 ? 'message waits' : 'messages wait'} for the network`,
  },
};
