import { useSyncExternalStore } from 'react';
import { noSubscription } from './useHydrated';
import { todayInIndia } from './validation';

/**
 * Today's date (YYYY-MM-DD, Asia/Kolkata) for what a page draws from it (a date field's `min`, the
 * years on offer). The build prerenders pages on its own day, BUILD_DAY, and the render that
 * hydrates them uses that day too, so that the two agree; React then redraws with today.
 */
export function useToday(): string {
  return useSyncExternalStore(noSubscription, todayInIndia, () => BUILD_DAY);
}
