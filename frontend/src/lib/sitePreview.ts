/**
 * The preview of the site content (docs/DESIGN.md §12): the dashboard's editor frames a public
 * page (`/about?lng=mr&preview=1`) and offers it the content being edited; the framed page
 * draws that content instead of the published one. Only a page framed by a page of the same
 * origin can read the offer (the browser refuses another origin's window), and the server lets
 * only the site itself frame its pages (`frame-ancestors 'self'`).
 */
import type { SiteContent } from '@bindings/SiteContent';
import { isSitePreview } from './i18n';

/** The name of the offer on the dashboard's window. */
const OFFER = 'samitiSitePreview';

type Offer = () => SiteContent | null;
type Offering = Window & { [OFFER]?: Offer };

/** The editor offers its content while it is open; the returned function withdraws the offer. */
export function offerSitePreview(offer: Offer): () => void {
  const host = window as Offering;
  host[OFFER] = offer;
  return () => {
    if (host[OFFER] === offer) delete host[OFFER];
  };
}

export { isSitePreview };

/** The content the framing editor offers, copied into this page; null when this is not a preview. */
export function previewContent(): SiteContent | null {
  if (!isSitePreview()) return null;
  try {
    const offered = (window.parent as Offering)[OFFER]?.();
    return offered ? (JSON.parse(JSON.stringify(offered)) as SiteContent) : null;
  } catch {
    return null; // framed by another origin: its window cannot be read
  }
}
