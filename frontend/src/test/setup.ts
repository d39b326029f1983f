import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The prerender's tests run without a DOM (`@vitest-environment node`).
const browserLike = typeof window !== 'undefined';

// jsdom does not implement scrolling.
if (browserLike) window.scrollTo = () => {};

const originalFetch = globalThis.fetch;

afterEach(() => {
  cleanup();
  if (browserLike) localStorage.clear();
  globalThis.fetch = originalFetch;
});
