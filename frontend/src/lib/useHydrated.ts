import { useSyncExternalStore } from 'react';

export const noSubscription = () => () => {};

/**
 * False in the build's prerender and in the render that hydrates it, true once the page is the
 * client's (and from the start in a page the client draws alone): what only works with the
 * page's code, a form's submit button for one, can wait for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
