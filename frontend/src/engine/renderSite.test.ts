// @vitest-environment node
/**
 * The page finishing the build and the server share: every page in both languages from a
 * template, with the stylesheets its HTML uses, the critical CSS inlined, no inline script, and
 * the content as a data block before #root; the shell keeps the empty #root and its notice.
 */
import { readFileSync } from 'node:fs';
import { compileSheet, encodePlan } from 'beasties/compiler';
import { describe, expect, it } from 'vitest';
import type { SiteContent } from '@bindings/SiteContent';
import { prerenderedPaths } from '@/config/pageMeta';
import { siteContentBlock } from '@/lib/siteContent';
import { siteRenderer, type SiteAssets } from './renderSite';

const sampleJson = readFileSync(new URL('../../../backend/src/site/sample.json', import.meta.url), 'utf8');
const sample = JSON.parse(sampleJson) as SiteContent;

const template = `<!doctype html>
<html lang="en">
  <head>
    <!--page-head: replaced-->
    <title>Template</title>
    <!--/page-head-->
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>This site needs JavaScript.</noscript>
  </body>
</html>
`;

const sheets = [
  { href: '/assets/index-1.css', text: 'footer{color:blue}.nowhere-on-the-page{color:red}html:lang(mr){line-height:1.7}' },
  { href: '/assets/Parts-2.css', text: '.visually-hidden{position:absolute}' },
  { href: '/assets/Admin-3.css', text: '.admin-only-class{color:green}' },
];
const assets: SiteAssets = {
  template,
  chunkStylesheets: [
    { href: '/assets/Parts-2.css', classes: ['visually-hidden'] },
    { href: '/assets/Admin-3.css', classes: ['admin-only-class'] },
  ],
  plans: sheets.map(({ href, text }) => encodePlan(compileSheet(text, { href, allowRules: [/^(?:html|:root|body)[:[][^\s>+~]*$/] }))),
};

/** The data block's content, read back as the client reads it. */
const blockContent = (html: string) => {
  const text = html.match(/<script type="application\/json" id="site-content">([\s\S]*?)<\/script>/)?.[1];
  return text === undefined ? undefined : JSON.parse(text);
};

describe('renderSite', () => {
  it('finishes every prerendered page in both languages, and the shell', async () => {
    const { pages, shell } = await siteRenderer(assets)(sampleJson);

    expect(pages.map(({ lang, path }) => `${lang} ${path}`)).toEqual(
      ['en', 'mr'].flatMap((lang) => prerenderedPaths.map((path) => `${lang} ${path}`)),
    );
    for (const { lang, path, html } of pages) {
      const where = `${path} in ${lang}`;
      expect(html, where).toContain(`<html lang="${lang}">`);
      expect(html, where).not.toContain('<title>Template</title>');
      expect(blockContent(html), where).toEqual(sample);
      expect(html, where).toMatch(/<\/script>\n {4}<div id="root"><[^/]/);
      expect(html, where).not.toContain('<noscript>This site needs JavaScript.</noscript>');
      expect(html, where).not.toMatch(/<script>/);
    }

    const home = pages.find(({ lang, path }) => lang === 'mr' && path === '/')!.html;
    // The rules the page uses are inlined (the Marathi line height always); the others wait.
    const inlined = home.match(/<style>([^<]*)<\/style>/)?.[1];
    expect(inlined).toBe('footer{color:blue}html:lang(mr){line-height:1.7}.visually-hidden{position:absolute}');
    // The stylesheets it uses follow after the first paint (scripts/boot.js, main.tsx).
    expect(home).toContain('<link rel="stylesheet" crossorigin data-href="/assets/index-1.css" media="print" data-beasties-media="all">');
    expect(home).toContain('<link rel="stylesheet" crossorigin data-href="/assets/Parts-2.css" media="print" data-beasties-media="all">');
    expect(home).not.toContain('Admin-3.css');

    expect(shell).toBe(template.replace('<div id="root">', `${siteContentBlock(sample)}\n    <div id="root">`));
    expect(shell).toContain('<div id="root"></div>\n    <noscript>');
  });

  it('refuses content that is not JSON, and a template without its markers', async () => {
    await expect(siteRenderer(assets)('{')).rejects.toThrow(SyntaxError);
    expect(() => siteRenderer({ ...assets, template: '<html><body></body></html>' })).toThrow('page-head markers');
  });
});
