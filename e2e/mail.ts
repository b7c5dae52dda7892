import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SMTPServer } from 'smtp-server';

/** One message received by the e2e SMTP server, as stored in the mail directory. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  /** Milliseconds since the epoch when the message arrived. */
  receivedAt: number;
  /** The message as sent, headers included. */
  raw: string;
  /** The bodies of every MIME part with quoted-printable and base64 undone, for finding links. */
  decoded: string;
}

// ---------------------------------------------------------------------------------------------
// Decoding (used by the global setup when a message arrives)

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const unfolded = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < unfolded.length; i++) {
    const char = unfolded[i]!;
    const hex = unfolded.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHeaders(entity: string): { headers: string; body: string } {
  const match = /\r?\n\r?\n/.exec(entity);
  if (!match) return { headers: entity, body: '' };
  return {
    headers: entity.slice(0, match.index),
    body: entity.slice(match.index + match[0].length),
  };
}

function header(headers: string, name: string): string | undefined {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** Undoes RFC 2047 encoded words (`=?utf-8?Q?...?=`, `=?utf-8?B?...?=`) in a header value. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_, _charset: string, kind: string, text: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** The decoded bodies of a MIME entity and all its parts, concatenated. */
function decodeEntity(entity: string): string {
  const { headers, body } = splitHeaders(entity);
  const contentType = header(headers, 'content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => decodeEntity(part.replace(/^\r?\n/, '')))
      .join('\n');
  }
  const encoding = (header(headers, 'content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export function parseMail(raw: string, to: string[], from: string): ReceivedMail {
  const { headers } = splitHeaders(raw);
  return {
    to: to.map((address) => address.toLowerCase()),
    from,
    subject: decodeEncodedWords(header(headers, 'subject') ?? ''),
    receivedAt: Date.now(),
    raw,
    decoded: decodeEntity(raw),
  };
}

/**
 * A real SMTP server (no AUTH, no STARTTLS) on an ephemeral port of 127.0.0.1 that writes every
 * message it receives as a JSON file into `mailDir`, where test workers read it.
 */
export async function startMailCatcher(
  mailDir: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  // Imported here so the test files, which only read the directory, do not load the server.
  const { SMTPServer: Server } = await import('smtp-server');
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server: SMTPServer = new Server({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const mail = parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((recipient) => recipient.address),
            session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          );
          const name = `${Date.now()}-${String(++count).padStart(5, '0')}.json`;
          // Written under a temporary name and renamed, so a reader never sees half a file.
          const temporary = path.join(mailDir, `.${name}.tmp`);
          writeFileSync(temporary, JSON.stringify(mail, null, 2));
          renameSync(temporary, path.join(mailDir, name));
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading (used by the journeys)

function readMails(mailDir: string): ReceivedMail[] {
  return readdirSync(mailDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(mailDir, name), 'utf8')) as ReceivedMail);
}

/**
 * Polls the mail directory until a message to `to` satisfies `predicate`, and returns the
 * newest such message.
 */
export async function waitForMail(
  mailDir: string,
  to: string,
  predicate: (mail: ReceivedMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  const recipient = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matches = readMails(mailDir).filter(
      (mail) => mail.to.includes(recipient) && predicate(mail),
    );
    if (matches.length > 0) return matches[matches.length - 1]!;
    if (Date.now() >= deadline) {
      const seen = readMails(mailDir)
        .filter((mail) => mail.to.includes(recipient))
        .map((mail) => `"${mail.subject}"`);
      throw new Error(
        `no matching mail to ${to} within ${timeoutMs} ms` +
          (seen.length ? ` (received for it: ${seen.join(', ')})` : ' (none received for it)'),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** All the mails received so far for `to`, oldest first. */
export function mailsTo(mailDir: string, to: string): ReceivedMail[] {
  const recipient = to.toLowerCase();
  return readMails(mailDir).filter((mail) => mail.to.includes(recipient));
}

/** Every http(s) URL in the message, in order of appearance, without duplicates. */
export function linksIn(mail: ReceivedMail): URL[] {
  const seen = new Set<string>();
  const links: URL[] = [];
  for (const match of mail.decoded.matchAll(/https?:\/\/[^\s"'<>()[\]]+/g)) {
    const text = match[0].replace(/&amp;/g, '&').replace(/[.,;:!?]+$/, '');
    if (seen.has(text)) continue;
    seen.add(text);
    try {
      links.push(new URL(text));
    } catch {
      // not a URL after all
    }
  }
  return links;
}

/** The first link in the message whose path is `pathname`; throws when there is none. */
export function linkTo(mail: ReceivedMail, pathname: string): URL {
  const link = linksIn(mail).find((url) => url.pathname === pathname);
  if (!link) {
    throw new Error(
      `the mail "${mail.subject}" has no link to ${pathname}; links: ${linksIn(mail)
        .map(String)
        .join(', ')}`,
    );
  }
  return link;
}
