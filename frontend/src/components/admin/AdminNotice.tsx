import type { Notice } from '@/lib/notice';
import styles from './AdminNotice.module.css';

export type { Notice };

/** A page's outcome message (already translated): success is announced politely, errors as alerts. */
export function AdminNotice({ notice }: { notice: Notice }) {
  return (
    <>
      <div role="status" aria-live="polite" className={styles.region}>
        {notice?.kind === 'success' ? <p className={`${styles.notice} message-success`}>{notice.text}</p> : null}
      </div>
      {notice?.kind === 'error' ? (
        <p role="alert" className={`${styles.notice} message-error`}>
          {notice.text}
        </p>
      ) : null}
    </>
  );
}
