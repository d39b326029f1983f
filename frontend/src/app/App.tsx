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

/**
 * Renders nothing; its effect runs once the page around it has hydrated (after the router's, in
 * the same boundary): what the visitor typed and tapped before is then handed over, when the code
 * of the page's deferred parts has arrived too (lib/held.ts).
 */
function TakeOver() {
  useEffect(releaseWhenReady, []);
  return null;
}

export function App() {
  const [router] = useState(createRouter);
  return (
    <AppFrame>
      <RouterProvider router={router} />
      <TakeOver />
    </AppFrame>
  );
}
