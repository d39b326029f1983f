import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteContent } from '@bindings/SiteContent';
import { isSitePreview, offerSitePreview, previewContent } from './sitePreview';

const content = { organisation: { name: { en: 'Draft Samiti', mr: 'मसुदा समिती', te: 'సమితి' } } } as SiteContent;

function framedBy(parent: object, search = '?preview=1') {
  window.history.replaceState(null, '', `/about${search}`);
  vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as Window);
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the preview of the site content', () => {
  it('reads the content the framing editor offers, as a copy of its own', () => {
    // The editor offers on its window; the frame's parent is that window (here, jsdom's own).
    const withdraw = offerSitePreview(() => content);
    framedBy({ samitiSitePreview: (window as unknown as { samitiSitePreview: () => SiteContent }).samitiSitePreview });
    expect(isSitePreview()).toBe(true);
    const read = previewContent();
    expect(read).toEqual(content);
    expect(read).not.toBe(content);
    withdraw();
    expect('samitiSitePreview' in window).toBe(false);
  });

  it('is nothing on a page that is not framed, or not asked for a preview', () => {
    window.history.replaceState(null, '', '/about?preview=1');
    expect(isSitePreview()).toBe(false);
    expect(previewContent()).toBeNull();
    framedBy({ samitiSitePreview: () => content }, '?lng=mr');
    expect(previewContent()).toBeNull();
  });

  it('is nothing when the framing page offers nothing, or belongs to another origin', () => {
    framedBy({});
    expect(previewContent()).toBeNull();
    const foreign = new Proxy(
      {},
      {
        get() {
          throw new DOMException('Blocked a frame with origin', 'SecurityError');
        },
      },
    );
    framedBy(foreign);
    expect(previewContent()).toBeNull();
  });

  it('withdraws only its own offer', () => {
    const first = offerSitePreview(() => content);
    const second = offerSitePreview(() => null);
    first();
    expect('samitiSitePreview' in window).toBe(true);
    second();
    expect('samitiSitePreview' in window).toBe(false);
  });
});
