import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/useLanguage';
import { Button } from './Button';
import styles from './LoadMore.module.css';

type Props = {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => unknown;
};

/**
 * The end of a paged list: 'Showing 24 of 80', and the next page when the visitor scrolls near
 * it (600 px ahead) or presses Load more, which stays for keyboards.
 */
export function LoadMore({ shown, total, hasMore, loading, onLoadMore }: Props) {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    loadMoreRef.current = onLoadMore;
  });
  useEffect(() => {
    const target = sentinel.current;
    if (!hasMore || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMoreRef.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, shown]);

  return (
    <div ref={sentinel} className={styles.more}>
      <p className={styles.count} aria-live="polite">
        {t('Showing {{shown}} of {{total}}', { shown: digits(shown), total: digits(Math.max(total, shown)) })}
      </p>
      {hasMore ? (
        <Button variant="secondary" onClick={() => void onLoadMore()} busy={loading}>
          {t('Load more')}
        </Button>
      ) : null}
    </div>
  );
}
