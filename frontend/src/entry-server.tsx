/**
 * The prerender: every public page of `prerenderedPaths`, in English and in Marathi, rendered
 * to HTML by React with the client's own routes and components. src/engine/renderSite.ts
 * finishes the pages around it, in the build and in the server when content is published.
 *
 * The HTML is what the first screen shows before any JavaScript: the page's text, navigation,
 * forms and hero, with the organisation's content it is given (the published site content; the
 * build passes the sample). The page carries the same content in its data block
 * (`siteContentBlock`), which the client reads before hydrating. Lists that change (notifications, posters, gallery, magazines, employment) are
 * in their loading state: they are fetched in effects, which do not run here, and arrive live.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../public/locales/en/translation.json';
import mr from '../public/locales/mr/translation.json';
import { AppFrame } from '@/app/App';
import { headTags, prerenderedPaths } from '@/config/pageMeta';
import { routes } from '@/app/router';
import { baseOptions, supportedLanguages, type Language } from '@/lib/i18n';
import { SiteContentProvider, siteContentBlock, type SiteContent } from '@/lib/siteContent';

export { prerenderedPaths, siteContentBlock, supportedLanguages };

/** One i18next per language, its translations loaded synchronously (no backend, no detection). */
const instances = new Map<Language, I18n>();

function i18nFor(lang: Language): I18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createInstance();
    void instance.use(initReactI18next).init({
      ...baseOptions,
      lng: lang,
      initAsync: false,
      resources: { en: { translation: en }, mr: { translation: mr } },
      react: { useSuspense: false },
    });
    instances.set(lang, instance);
  }
  return instance;
}

const handler = createStaticHandler(routes);

export type RenderedPage = {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** What goes in the `<head>` in place of the page-head markers' span (pageMeta.ts). */
  head: string;
};

/** Renders `path` in `lang` with `content` as the client's first render will draw it. */
export async function render(path: string, lang: Language, content: SiteContent): Promise<RenderedPage> {
  const context = await handler.query(new Request(`http://prerender${path}`));
  if (context instanceof Response) throw new Error(`${path} answers a redirect (${context.status}), not a page`);
  if (context.statusCode !== 200 || context.matches.at(-1)?.route.path === '*') {
    throw new Error(`${path} is not a page (it would show "Page not found")`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const i18n = i18nFor(lang);
  // Waits for every lazy part of the page (lib/deferred.tsx), unlike renderToString.
  const { prelude } = await prerender(
    <StrictMode>
      <SiteContentProvider content={content}>
        <I18nextProvider i18n={i18n}>
          <AppFrame>
            {/* The router's state travels in no inline script (the site's CSP forbids them): the
                client resolves the page's lazy routes itself before hydrating (main.tsx). */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppFrame>
        </I18nextProvider>
      </SiteContentProvider>
    </StrictMode>,
    // Every part inline, in document order: no boundary moved into place by an inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return { html: await new Response(prelude).text(), head: headTags(path, lang, i18n.t, content) };
}
