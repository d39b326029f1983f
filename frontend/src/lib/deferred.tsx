import { Suspense, lazy, type ComponentType } from 'react';
import { useLanguage } from './useLanguage';
import { partCode } from './held';
import type { Language } from './i18n';

/**
 * A part of a page that its first screen does not need (below the fold): prerendered with the
 * page, while in the browser its code is a chunk of its own, fetched as the page starts, so that
 * the first screen hydrates without waiting for it; React hydrates the part's HTML when its code
 * arrives. The language is handed down so that a change of language before then is an update of
 * the part: React draws it afresh rather than hydrating HTML of the other language.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Code = lazy(async () => {
    // What a visitor typed or tapped before the page's code ran waits for this part (lib/held.ts).
    const Part = await partCode(load());
    return { default: ({ lang: _, ...props }: P & { lang: Language }) => <Part {...(props as P)} /> };
  });
  return function Deferred(props: P) {
    const { lang } = useLanguage();
    return (
      <Suspense fallback={null}>
        <Code {...props} lang={lang} />
      </Suspense>
    );
  };
}
