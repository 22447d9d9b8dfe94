import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { join } from 'node:path';
import escapeHtml from 'escape-html';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import MailComposer from 'nodemailer/lib/mail-composer';
import type * as MimeFuncs from 'nodemailer/lib/mime-funcs';
import { studio } from '../../src/contract/company';
import { spamNote } from './spam/note';
import { createFileAtomic } from './store/durableFile';
import type { ContactRecord } from './store/types';

export interface MailSettings {
  to: string;
  from: string;
}

export interface Mailer {
  /** Sends the mail for `record`; throws when it was not accepted. `signal` cuts the send off. */
  send(record: ContactRecord, signal?: AbortSignal): Promise<void>;
  close(): void;
}

// CommonJS modules whose exports Node's ESM loader cannot name: loaded with require.
const require = createRequire(import.meta.url);
const mimeFuncs = require('nodemailer/lib/mime-funcs') as typeof MimeFuncs;
const SmtpTransport = require('nodemailer/lib/smtp-transport') as typeof SMTPTransport;

/**
 * Visitor text for a header. nodemailer passes ASCII that looks like an encoded word (`=?...?=`)
 * through, and clients would decode it: such text is encoded here, so a client shows it as typed.
 */
function headerText(value: string): string {
  return value.includes('=?') ? mimeFuncs.encodeWord(value, 'Q', 52) : value;
}

/**
 * Every line break as CRLF (RFC 5322 §2.3). SMTP converts a bare LF on the wire, but the local
 * outbox writes the message as nodemailer builds it, and nodemailer keeps the body's breaks.
 */
function crlf(text: string): string {
  return text.replace(/\r\n|\r|\n/g, '\r\n');
}

/**
 * The Reply-To line for a name that holds `=?`. nodemailer would quote it, and RFC 2047 §5(3)
 * forbids an encoded word inside quotes: such a name is written whole as bare encoded words.
 */
function encodedReplyTo(record: ContactRecord): string | null {
  if (!record.name.includes('=?')) return null;
  const name = mimeFuncs.encodeWord(record.name, 'Q', 52);
  return mimeFuncs.foldLines(`Reply-To: ${name} <${record.email}>`, 76);
}

/** The mail for one message; the visitor is only in Reply-To, every field of theirs escaped. */
function composeMail(record: ContactRecord, settings: MailSettings): SendMailOptions {
  const domain = settings.from.split('@')[1] ?? 'localhost';
  // SPAM_ACTION=tag: a message the filter flagged goes out marked, with its reasons.
  const why = spamNote(record);
  const text = [
    `A message from the ${studio.name} website contact form.`,
    ...(why ? [why] : []),
    '',
    `Name: ${record.name}`,
    `Email: ${record.email}`,
    `Received: ${record.receivedAt}`,
    '',
    record.message,
    '',
    `-- Reply to this mail to answer ${record.name}. Message id ${record.id}.`,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>A message from the ${escapeHtml(studio.name)} website contact form.</p>${why ? `\n<p><strong>${escapeHtml(why)}</strong></p>` : ''}
<table cellpadding="4">
<tr><th align="left">Name</th><td>${escapeHtml(record.name)}</td></tr>
<tr><th align="left">Email</th><td>${escapeHtml(record.email)}</td></tr>
<tr><th align="left">Received</th><td>${escapeHtml(record.receivedAt)}</td></tr>
</table>
<p style="white-space:pre-wrap">${escapeHtml(record.message)}</p>
<p style="color:#666">Reply to this mail to answer ${escapeHtml(record.name)}. Message id ${escapeHtml(record.id)}.</p>
</body></html>`;
  return {
    from: { name: `${studio.name} website`, address: settings.from },
    to: settings.to,
    // A name with "=?" gets its Reply-To line in buildMessage.
    ...(record.name.includes('=?')
      ? {}
      : { replyTo: { name: record.name, address: record.email } }),
    subject: headerText(`${why ? '[Spam?] ' : ''}Website message from ${record.name}`),
    // The same id on every retry: an inbox that got a mail twice shows it once.
    messageId: `<contact-${record.id}@${domain}>`,
    headers: { 'X-Contact-Message-Id': record.id },
    text: crlf(text),
    html: crlf(html),
  };
}

/**
 * A connection for one send (nodemailer's `getSocket`), so an aborted `signal` ends the dialogue
 * at once: nodemailer's own idle timeouts miss a slow server that never goes quiet.
 */
function abortableSocket(signal: AbortSignal | undefined): SMTPTransport.Options['getSocket'] {
  return (options, callback) => {
    let answered = false;
    const answer = (error: Error | null, socketOptions: object | false) => {
      if (answered) return;
      answered = true;
      callback(error, socketOptions);
    };
    const socket = connect({
      host: options.host || 'localhost',
      port: Number(options.port) || (options.secure ? 465 : 587),
    });
    const abort = () => socket.destroy(new Error('send deadline reached'));
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
    socket.once('close', () => signal?.removeEventListener('abort', abort));
    // nodemailer upgrades it to TLS itself for smtps: URLs.
    socket.once('connect', () => answer(null, { connection: socket }));
    socket.on('error', (error) => answer(error, false));
  };
}

async function buildMessage(record: ContactRecord, settings: MailSettings): Promise<Buffer> {
  const built = await new MailComposer(composeMail(record, settings)).compile().build();
  const replyTo = encodedReplyTo(record);
  return replyTo ? Buffer.concat([Buffer.from(`${replyTo}\r\n`), built]) : built;
}

export function smtpMailer(smtpUrl: string, settings: MailSettings): Mailer {
  const options: SMTPTransport.Options = {
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
  return {
    async send(record, signal) {
      // A transport per send (an unpooled one holds nothing between sends) with its own socket.
      // Built directly: createTransport, given a `url`, drops every other option.
      const transport = nodemailer.createTransport(
        new SmtpTransport({ ...options, getSocket: abortableSocket(signal) }),
      );
      try {
        const info = await transport.sendMail({
          envelope: { from: settings.from, to: [settings.to] },
          raw: await buildMessage(record, settings),
        });
        if (info.rejected.length > 0)
          throw new Error(`SMTP rejected ${info.rejected.length} recipient(s)`);
      } finally {
        transport.close();
      }
    },
    close: () => {},
  };
}

/** Local stand-in for SMTP: each mail becomes DATA_DIR/outbox/<id>.eml (RFC 5322, CRLF: crlf()). */
export function outboxMailer(outboxDir: string, settings: MailSettings): Mailer {
  return {
    async send(record) {
      // A retry after a crash between writing and marking delivered finds the file already there.
      await createFileAtomic(
        join(outboxDir, `${record.id}.eml`),
        await buildMessage(record, settings),
      );
    },
    close: () => {},
  };
}
