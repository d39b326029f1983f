/**
 * react-i18next imports `useSyncExternalStore` from a shim for React 17; React 19 has it built in,
 * so vite.config.ts points the shim here and the first screen's code does without its fallback.
 */
export { useSyncExternalStore } from 'react';
