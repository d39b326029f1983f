import { describe, expect, it } from 'vitest';
import { replyHref } from './reply';

const texts = { subject: 'Re: your message to Samiti & Co?', intro: 'On 9 Mar 2026 you wrote:' };

describe('replyHref', () => {
  it('addresses the visitor with the subject and the message quoted, every part percent-encoded', () => {
    const href = replyHref(' o’brien+seva@example.org ', 'First line\r\nSecond & last?\n', texts);
    const [address, query] = href.slice('mailto:'.length).split('?');
    expect(address).toBe('o%E2%80%99brien%2Bseva@example.org');
    expect(decodeURIComponent(address)).toBe('o’brien+seva@example.org');
    const params = query.split('&').map((pair) => pair.split('='));
    expect(params.map(([name]) => name)).toEqual(['subject', 'body']);
    expect(decodeURIComponent(params[0][1])).toBe('Re: your message to Samiti & Co?');
    expect(decodeURIComponent(params[1][1])).toBe('\r\n\r\nOn 9 Mar 2026 you wrote:\r\n> First line\r\n> Second & last?\r\n>\r\n');
    // Spaces as %20, never '+', which a mail program would show as a plus.
    expect(href).not.toContain('+');
    expect(href).not.toMatch(/[ \n]/);
  });
});
