/**
 * The long texts of the site content (about, privacy) in their small markdown subset
 * (docs/DESIGN.md §12): paragraphs separated by a blank line, `## Heading` (optionally ending in
 * ` {#anchor-id}`), `- ` list items, and links `[text](url)`. The text is turned into React
 * elements, never into HTML, so whatever it holds (`<script>` included) is shown as text; a link
 * goes only to https, mailto:, tel: or a path of the site, any other is shown as its plain text.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type RichBlock =
  | { kind: 'heading'; text: string; id?: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

const HEADING = /^##\s+(.*)$/;
const ANCHOR = /^(.*?)\s*\{#([A-Za-z][\w-]*)\}$/;
const LIST_ITEM = /^-\s+(.*)$/;
const LINK = /\[([^[\]]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/g;

/** The blocks of a text: each heading, paragraph and list in order. */
export function parseRichText(source: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const close = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    const item = LIST_ITEM.exec(line);
    if (!line) {
      close();
    } else if (heading) {
      close();
      const anchored = ANCHOR.exec(heading[1]);
      blocks.push(anchored ? { kind: 'heading', text: anchored[1], id: anchored[2] } : { kind: 'heading', text: heading[1] });
    } else if (item) {
      if (paragraph.length) close();
      if (!list) {
        list = [];
        blocks.push({ kind: 'list', items: list });
      }
      list.push(item[1]);
    } else {
      list = null;
      paragraph.push(line);
    }
  }
  close();
  return blocks;
}

/**
 * Where a link of the text may go: an https address, an e-mail address (mailto:), a telephone
 * number (tel:) or a path of this site ("/contact", not "//elsewhere"); undefined for anything
 * else (javascript:, data:, http:, …).
 */
export function safeHref(url: string): string | undefined {
  if (/^\/(?![/\\])/.test(url)) return url;
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(url)?.[1].toLowerCase();
  if (scheme === 'mailto' || scheme === 'tel') return url;
  if (scheme !== 'https') return undefined;
  try {
    return new URL(url).protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The text with its links as elements. */
function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, url] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const href = safeHref(url);
    const key = match.index;
    if (!href) parts.push(label);
    else if (href.startsWith('/')) parts.push(<Link key={key} to={href}>{label}</Link>);
    else parts.push(<a key={key} href={href}>{label}</a>);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** A long text of the site content, its headings at `<h2>` (under the page's own `<h1>`). */
export function RichText({ text, lang, className }: { text: string; lang?: string; className?: string }) {
  return (
    <div lang={lang} className={className}>
      {parseRichText(text).map((block, index) => {
        if (block.kind === 'heading') {
          return (
            <h2 key={index} id={block.id}>
              {inline(block.text)}
            </h2>
          );
        }
        if (block.kind === 'list') {
          return (
            <ul key={index}>
              {block.items.map((item, i) => (
                <li key={i}>{inline(item)}</li>
              ))}
            </ul>
          );
        }
        return <p key={index}>{inline(block.text)}</p>;
      })}
    </div>
  );
}
