/**
 * The Reply link of a contact message: a `mailto:` to the visitor's address with the subject
 * "Re: your message to <organisation>" (the published name, in the dashboard's language) and
 * the visitor's message quoted below a line that dates it (RFC 6068: the address, subject and
 * body percent-encoded, line breaks as CRLF).
 */
export type ReplyTexts = {
  /** "Re: your message to Samiti", already translated. */
  subject: string;
  /** "On 9 Mar 2026, 6:45 pm you wrote:", already translated. */
  intro: string;
};

/** The address part of a mailto link: percent-encoded, its @ kept as written. */
function mailtoAddress(email: string): string {
  return encodeURIComponent(email.trim()).replace(/%40/g, '@');
}

export function replyHref(email: string, message: string, texts: ReplyTexts): string {
  const quoted = message
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\r\n');
  const body = `\r\n\r\n${texts.intro}\r\n${quoted}\r\n`;
  return `mailto:${mailtoAddress(email)}?subject=${encodeURIComponent(texts.subject)}&body=${encodeURIComponent(body)}`;
}
