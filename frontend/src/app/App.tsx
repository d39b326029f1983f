import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './router';
import { BootSplash } from './BootSplash';
import { releaseWhenReady } from '@/lib/held';

/**
 * What surrounds the router, on the client and in the build's prerender alike (so that the
 * prerendered HTML and the first client render have the same shape): suspends until the current
 * language's translations have arrived.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  return <Suspense fallback={<BootSplash />}>{children}</Suspense>;
}

export function App() {
  const [router] = useState(createRouter);
  // Once the page has hydrated, what the visitor typed and tapped before is handed over (the
  // hand-over waits for React to hydrate each held element's part: lib/held.ts). An effect here,
  // not a component beside the router: a child more would change every useId below it, which
  // the prerendered HTML (entry-server.tsx, without it) must match.
  useEffect(releaseWhenReady, []);
  return (
    <AppFrame>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
