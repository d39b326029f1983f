import { Suspense, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './router';
import { BootSplash } from './BootSplash';

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
  return (
    <AppFrame>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
