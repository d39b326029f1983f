import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/test/render';
import { changedSite, sampleSite } from '@/test/sampleSite';
import { loadSiteContent, readEmbeddedContent, SITE_CONTENT_ID, siteContentBlock, SiteContentProvider, useSite } from './siteContent';

/** A page whose body holds `html` (its data block, say). */
function page(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head></head><body>${html}<div id="root"></div></body></html>`, 'text/html');
}

function Phone() {
  return <p>{useSite().organisation.phone}</p>;
}

describe('the data block', () => {
  it('carries the content and reads back the same', () => {
    const doc = page(siteContentBlock(sampleSite));
    expect(doc.getElementById(SITE_CONTENT_ID)?.getAttribute('type')).toBe('application/json');
    expect(readEmbeddedContent(doc)).toEqual(sampleSite);
  });

  it('cannot be ended early or add an element, whatever the content says', () => {
    const hostile = '</script><script>alert(1)</script><!-- <img src=x onerror=alert(2)>';
    const content = changedSite((c) => {
      c.organisation.name.en = hostile;
      c.about.en = hostile;
    });
    const block = siteContentBlock(content);
    const data = block.slice(block.indexOf('>') + 1, -'</script>'.length);
    expect(data).not.toContain('<');
    const doc = page(block);
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    expect(readEmbeddedContent(doc)?.organisation.name.en).toBe(hostile);
  });

  it('is absent or unreadable: no content from it', () => {
    expect(readEmbeddedContent(page(''))).toBeUndefined();
    expect(readEmbeddedContent(page(`<script type="application/json" id="${SITE_CONTENT_ID}">{not json</script>`))).toBeUndefined();
    expect(readEmbeddedContent(page(`<div id="${SITE_CONTENT_ID}">{"organisation":{}}</div>`))).toBeUndefined();
  });
});

describe('loadSiteContent', () => {
  it("takes the page's data block without asking the server", async () => {
    const calls = stubFetch(json({}, 500));
    const content = changedSite((c) => {
      c.organisation.phone = '+91 1';
    });
    document.body.innerHTML = siteContentBlock(content);
    try {
      await expect(loadSiteContent()).resolves.toEqual(content);
      expect(calls).toHaveLength(0);
    } finally {
      document.body.innerHTML = '';
    }
  });

  it('asks /api/site when the page has no data block (the dev server), and fails on a refusal', async () => {
    const answers = [json(sampleSite), json({ error: 'Internal server error' }, 500)];
    const fetchMock = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadSiteContent()).resolves.toEqual(sampleSite);
    expect(fetchMock).toHaveBeenCalledWith('/api/site', expect.anything());
    await expect(loadSiteContent()).rejects.toThrow('500');
  });
});

describe('useSite', () => {
  it('gives the provided content', () => {
    render(
      <SiteContentProvider content={changedSite((c) => void (c.organisation.phone = '+91 22 1234 5678'))}>
        <Phone />
      </SiteContentProvider>,
    );
    expect(screen.getByText('+91 22 1234 5678')).toBeInTheDocument();
  });

  it('refuses to draw outside the provider, rather than show nothing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Phone />)).toThrow('outside <SiteContentProvider>');
  });
});
