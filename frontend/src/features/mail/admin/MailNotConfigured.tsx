import { useTranslation } from 'react-i18next';
import styles from './Mail.module.css';

/**
 * Mail is not set up on this server (docs/DESIGN.md §14): nothing is sent, and whoever runs the
 * server turns it on with two settings (the README's "Mail").
 */
export function MailNotConfigured() {
  const { t } = useTranslation();
  return (
    <div className={styles.unset} role="note">
      <p className={styles.unsetTitle}>{t('Mail is not configured: nothing is sent.')}</p>
      <p>{t('Whoever runs the server can turn it on with these settings (see the README):')}</p>
      <ul className={styles.settings}>
        <li>
          <code lang="zxx" translate="no">
            SAMITI_SMTP_URL
          </code>
          : {t('the mail server to send through, with its user and password')}
        </li>
        <li>
          <code lang="zxx" translate="no">
            SAMITI_MAIL_FROM
          </code>
          : {t('the address the messages come from')}
        </li>
      </ul>
    </div>
  );
}
