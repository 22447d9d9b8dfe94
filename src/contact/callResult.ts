export const DEFAULT_ERROR = 'There was an error submitting the message.';
/** Said after DEFAULT_ERROR when the message waits in the outbox (src/contact/outbox.ts). */
export const QUEUED_NOTE =
  'Your message is saved on this device and will be sent by itself once the connection is back.';
