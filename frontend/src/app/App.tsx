import { Suspense, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './router';
import { BootSplash } from './BootSplash';

export function App() {
  const [router] = useState(createRouter);
  return (
    // Suspends until the current language's translations have arrived.
    <Suspense fallback={<BootSplash />}>
      <RouterProvider router={router} />
    </Suspense>
  );
}
