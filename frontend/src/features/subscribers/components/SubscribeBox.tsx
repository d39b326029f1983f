import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Honeypot, useHoneypot } from '@/components/ui/Honeypot';
import { LazyDialog } from '@/components/ui/LazyOverlays';
import { useSite } from '@/lib/siteContent';
import { useTooMany, type Refusal } from '@/lib/tooMany';
import { SUBSCRIBED_FLAG, subscribe } from '../api';
import styles from './SubscribeBox.module.css';

/**
 * Only the `required` rule runs in the browser; the server checks the format (docs/SPECIFICATION.md §5). The rule
 * tables are fetched when the field is first focused rather than with the home page.
 */
const loadRules = () => Promise.all([import('@/lib/rules'), import('@/lib/validation')]);

async function checkRequired(value: string): Promise<string | undefined> {
  const [{ validationRules }, { validateField }] = await loadRules();
  const requiredOnly = { value: validationRules.subscriber.value.filter((rule) => rule.kind === 'required') };
  return validateField(requiredOnly, 'value', { value });
}

/**
 * "Subscribe for Event Updates": one field for an e-mail address or a mobile number. An empty
 * value is refused here and nothing is sent; the server's refusal is shown under the form as an
 * error (error colour, icon, the field marked invalid); on success the field clears,
 * `isSubscribed` is stored and a popup invites to the video channel (and, for an e-mail address,
 * says that a confirmation link was sent: updates start once it is followed).
 *
 * The field is plain text with the ordinary keyboard: many visitors type a mobile number, which
 * the e-mail keyboard makes awkward, and an e-mail address needs letters.
 */
export function SubscribeBox() {
  const { t } = useTranslation();
  const { video_channel: videoChannel } = useSite().organisation;
  const [value, setValue] = useState('');
  /** The refusal shown under the form: an English message (translated when shown), and a 429's status and wait. */
  const [message, setMessage] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  /** The thank-you popup: open, and whether it says a confirmation link was sent. */
  const [popup, setPopup] = useState(false);
  const [confirmationSent, setConfirmationSent] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const honeypot = useHoneypot();
  const tooMany = useTooMany();
  const headingId = useId();
  const messageId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = await checkRequired(value);
    setRefusal(null);
    if (problem) {
      setMessage(problem);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    const result = await subscribe(value.trim(), honeypot.value());
    setBusy(false);
    if (result.ok) {
      setValue('');
      try {
        localStorage.setItem(SUBSCRIBED_FLAG, 'true');
      } catch {
        /* private mode: the popup still shows */
      }
      setConfirmationSent(result.confirmationSent);
      setPopup(true);
    } else if (result.kind === 'refused') {
      // The value typed stays in the field.
      setMessage(result.message);
      setRefusal({ status: result.status, error: result.message, retryAfter: result.retryAfter });
    } else {
      setMessage('Error connecting to server.');
    }
  };

  return (
    <section className={styles.box} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {t('Subscribe for Event Updates')}
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <label htmlFor={`${headingId}-value`} className="visually-hidden">
          {t('Email or mobile number')}
        </label>
        <input
          ref={inputRef}
          id={`${headingId}-value`}
          className={styles.input}
          type="text"
          inputMode="text"
          autoComplete="email"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          name="value"
          value={value}
          placeholder={t('Enter Email or Mobile Number')}
          onChange={(event) => setValue(event.target.value)}
          onFocus={() => void loadRules()}
          aria-describedby={message ? messageId : undefined}
          aria-invalid={message ? true : undefined}
        />
        <Honeypot ref={honeypot.ref} />
        <Button type="submit" busy={busy} className={styles.button}>
          {t('Subscribe')}
        </Button>
      </form>
      {/* The original site showed its errors in green; that was a defect: an error looks like one. */}
      <div className={styles.message} role="status" aria-live="polite">
        {message ? (
          <p id={messageId} className={styles.error}>
            <svg className={styles.icon} viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
              <circle cx="10" cy="10" r="9" fill="currentColor" />
              <rect x="9" y="4.5" width="2" height="7" rx="1" fill="#fff" />
              <circle cx="10" cy="14.5" r="1.25" fill="#fff" />
            </svg>
            <span>{tooMany(refusal) ?? t(message)}</span>
          </p>
        ) : null}
      </div>

      <LazyDialog
        open={popup}
        onClose={() => setPopup(false)}
        title={t('Thank you for subscribing!')}
        footer={
          <Button variant="secondary" onClick={() => setPopup(false)}>
            {t('Close')}
          </Button>
        }
      >
        {confirmationSent ? <p className={styles.confirmation}>{t('We sent a confirmation link to your e-mail. Updates start once you confirm.')}</p> : null}
        <p>{t('Watch our events and programmes on our YouTube channel.')}</p>
        <p>
          <a className={styles.channel} href={videoChannel} target="_blank" rel="noopener noreferrer">
            {t('Visit our YouTube channel')}
            <span className="visually-hidden"> ({t('opens in a new tab')})</span>
          </a>
        </p>
      </LazyDialog>
    </section>
  );
}
