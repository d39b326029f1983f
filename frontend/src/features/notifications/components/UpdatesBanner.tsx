import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLatestNotification } from '../api';
import styles from './UpdatesBanner.module.css';

/** "Updates & Notifications" followed by the newest notification scrolling by. */
export function UpdatesBanner() {
  const { t } = useTranslation();
  const { notification, loaded } = useLatestNotification();
  const [paused, setPaused] = useState(false);
  const text = notification?.message;

  return (
    <section className={styles.banner} aria-labelledby="updates-label">
      <h2 id="updates-label" className={styles.label}>
        <svg className={styles.bell} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.8V3.5a1.5 1.5 0 0 0-3 0v.7A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z" />
        </svg>
        {t('Updates & Notifications')}
      </h2>
      <div className={styles.window} aria-live="polite" aria-busy={!loaded}>
        {text ? (
          <p className={`${styles.text} ${styles.scrolling} ${paused ? styles.paused : ''}`} data-testid="banner-text">
            {text}
          </p>
        ) : loaded ? (
          <p className={styles.text}>{t('No notifications available.')}</p>
        ) : null}
      </div>
      {text ? (
        <button type="button" className={styles.pause} onClick={() => setPaused((p) => !p)} aria-pressed={paused}>
          <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
          <span className="visually-hidden">{t('Pause scrolling')}</span>
        </button>
      ) : null}
    </section>
  );
}
