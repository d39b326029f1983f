/**
 * The messages the e2e server's test SMTP sink accepted (scripts/e2e-server.sh writes them to
 * $SAMITI_E2E_MAIL_DIR, which playwright.config.ts sets): each `.eml` file holds one message as
 * received, its envelope's recipients in an `X-Envelope-To` line above it. The text parts are
 * decoded (quoted-printable or base64), so a journey can find a link it was sent.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

export const mailDir = () => {
  const dir = process.env.SAMITI_E2E_MAIL_DIR;
  if (!dir) throw new Error('SAMITI_E2E_MAIL_DIR is not set (playwright.config.ts sets it)');
  return dir;
};

/** One received message: its recipients and its decoded text (headers and every text part). */
export type Received = { file: string; to: string[]; text: string };

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The headers and decoded bodies of a MIME message, as one text. */
function decoded(raw: string): string {
  const pieces: string[] = [];
  // Every part: its headers, a blank line, its body (up to the next boundary line).
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) {
      pieces.push(part);
      continue;
    }
    const headers = part.slice(0, split);
    const body = part.slice(split).trim();
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    pieces.push(headers);
    if (encoding === 'base64') pieces.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (encoding === 'quoted-printable') pieces.push(decodeQuotedPrintable(body));
    else pieces.push(body);
  }
  return pieces.join('\n');
}

/** Every message received so far. */
export function received(): Received[] {
  const dir = mailDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = readFileSync(join(dir, name), 'utf8');
      const to = (/^X-Envelope-To: (.*)$/m.exec(raw)?.[1] ?? '').split(',').map((address) => address.trim().toLowerCase());
      return { file: name, to, text: decoded(raw) };
    });
}

/** Waits for the messages to `address` (the worker sends within a few seconds) until `count` have come. */
export async function messagesTo(address: string, count = 1): Promise<Received[]> {
  const mine = () => received().filter((message) => message.to.includes(address.toLowerCase()));
  await expect.poll(() => mine().length, { message: `${count} message(s) to ${address}`, timeout: 30_000, intervals: [250, 500, 1_000] }).toBeGreaterThanOrEqual(count);
  return mine();
}

/** The first link in `text` whose address contains `part`. */
export function linkIn(text: string, part: string): string {
  const link = [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0].replace(/&amp;/g, '&')).find((url) => url.includes(part));
  if (!link) throw new Error(`no link with ${part} in the message:\n${text}`);
  return link;
}
