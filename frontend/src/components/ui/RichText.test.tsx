import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MATRIMONIAL_TERMS_ID } from '@/config/privacyTerms';
import { renderWithProviders } from '@/test/render';
import { sampleSite } from '@/test/sampleSite';
import { parseRichText, RichText, safeHref } from './RichText';

const draw = (text: string) => renderWithProviders(<RichText text={text} />).container.firstElementChild as HTMLElement;

describe('parseRichText', () => {
  it('reads paragraphs, headings with and without an anchor, and list items', () => {
    const text = 'First line\nstill the first paragraph.\n\n## Who we are {#who}\nSecond paragraph.\n- one\n- two\n\n## Plain heading\n\n\nLast.';
    expect(parseRichText(text)).toEqual([
      { kind: 'paragraph', text: 'First line still the first paragraph.' },
      { kind: 'heading', text: 'Who we are', id: 'who' },
      { kind: 'paragraph', text: 'Second paragraph.' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'heading', text: 'Plain heading' },
      { kind: 'paragraph', text: 'Last.' },
    ]);
  });

  it('takes Windows line ends and an empty text', () => {
    expect(parseRichText('a\r\n\r\nb')).toEqual([
      { kind: 'paragraph', text: 'a' },
      { kind: 'paragraph', text: 'b' },
    ]);
    expect(parseRichText('')).toEqual([]);
  });
});

describe('safeHref', () => {
  it('lets through https, mailto:, tel: and paths of the site', () => {
    for (const url of ['https://example.org/a?b=c', 'HTTPS://example.org', 'mailto:info@example.org', 'tel:+912000000000', '/contact', '/privacy-policy#matrimonial-terms']) {
      expect(safeHref(url), url).toBe(url);
    }
  });

  it('refuses every other scheme and addresses of another host without a scheme', () => {
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'http://example.org', 'vbscript:x', 'ftp://x', '//evil.example', '/\\evil.example', 'contact', 'https:', '\u0001javascript:alert(1)']) {
      expect(safeHref(url), url).toBeUndefined();
    }
  });
});

describe('RichText', () => {
  it('draws headings (with their anchor), paragraphs and lists as elements', () => {
    const root = draw('Intro.\n\n## Terms {#terms}\n- first\n- second');
    expect(root.innerHTML).toBe('<p>Intro.</p><h2 id="terms">Terms</h2><ul><li>first</li><li>second</li></ul>');
  });

  it('makes links of https, mailto:, tel: and site paths, in place in the text', () => {
    draw('Write to [the office](mailto:info@example.org), call [us](tel:+912000000000), see [the map](https://maps.example.org/x) or [contact](/contact).');
    expect(screen.getByRole('link', { name: 'the office' })).toHaveAttribute('href', 'mailto:info@example.org');
    expect(screen.getByRole('link', { name: 'us' })).toHaveAttribute('href', 'tel:+912000000000');
    expect(screen.getByRole('link', { name: 'the map' })).toHaveAttribute('href', 'https://maps.example.org/x');
    expect(screen.getByRole('link', { name: 'contact' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('paragraph')).toHaveTextContent('Write to the office, call us, see the map or contact.');
  });

  it('shows a <script> as text: no element is made from the text', () => {
    const root = draw('<script>alert("x")</script>\n\n## <img src=x onerror=alert(1)>\n- <b>bold</b>');
    expect(root.querySelectorAll('script, img, b')).toHaveLength(0);
    expect(root.querySelector('p')).toHaveTextContent('<script>alert("x")</script>');
    expect(root.querySelector('h2')).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(root.querySelector('li')).toHaveTextContent('<b>bold</b>');
  });

  it('shows a javascript:, data: or http: link as its plain text', () => {
    const root = draw('[Click](javascript:alert(1)) [Data](data:text/html;base64,PHNjcmlwdD4=) [Old](http://example.org) [Far](//evil.example)');
    expect(root.querySelectorAll('a')).toHaveLength(0);
    expect(root.querySelector('p')?.textContent).toBe('Click Data Old Far');
  });

  it('gives the sample privacy policy’s matrimonial terms the anchor the member sign-in links to', () => {
    const root = draw(sampleSite.privacy.mr);
    expect(root.querySelector(`h2#${MATRIMONIAL_TERMS_ID}`)).toHaveTextContent(/वधू-वर/);
    expect(root.innerHTML).not.toContain('{#');
  });
});
