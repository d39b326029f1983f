import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

/** A quiet message for an empty list (already translated), e.g. t('No data available'). */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p>{message}</p>
      {children}
    </div>
  );
}
