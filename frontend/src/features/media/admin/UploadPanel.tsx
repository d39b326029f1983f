/**
 * The dashboard's upload box for one media kind: choose several images (file chooser or drag
 * and drop), see their previews, give each an optional description (its alternative text and
 * caption) and, for the gallery, the year and month the photos belong to; Upload sends one
 * request per file so that each shows its own progress and, if refused, its own message with
 * Retry and Remove. Nothing is sent without a chosen file (docs/SPECIFICATION.md §5).
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { SelectField, TextField } from '@/components/ui/TextField';
import { UploadProgress } from '@/components/ui/UploadProgress';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import { validationRules } from '@/lib/rules';
import { uploadRefusalKeys } from '@/lib/upload';
import { useLanguage } from '@/lib/useLanguage';
import { validateField } from '@/lib/validation';
import { uploadMedia, type MediaKind } from './api';
import { formatBytes } from './format';
import { monthInIndia, monthName } from './months';
import { galleryYears } from '../years';
import styles from './UploadPanel.module.css';

/** The types the server stores (it judges the content; this only keeps other files out of the queue). */
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
/** A magazine issue may also be a PDF, shown by its first page. */
export const PDF_TYPE = 'application/pdf';
export const MAX_DESCRIPTION = validationRules.media.description.find((rule) => rule.kind === 'maxLength')?.max ?? 300;

type Entry = {
  key: number;
  file: File;
  /** Object URL of the preview, revoked when the entry leaves the queue. */
  preview: string;
  /** The browser could not show it (not really an image): an empty frame instead. */
  previewFailed?: boolean;
  /** A PDF (a magazine issue): a marked frame instead of a preview. */
  pdf?: boolean;
  description: string;
  status: 'ready' | 'sending' | 'failed';
  /** Share of the file sent, 0..1. */
  progress: number;
  error?: string;
};

type Props = {
  kind: MediaKind;
  /** The gallery files each photo under a year and month. */
  withMonth: boolean;
  /** The magazines take a PDF as well as an image. */
  takesPdf?: boolean;
  /** Called after at least one file was stored. */
  onUploaded: () => void;
};

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** The server's rule for the description (at most 300 characters), checked as it is typed. */
function descriptionError(description: string): string | undefined {
  return validateField(validationRules.media, 'description', { description });
}

export function UploadPanel({ kind, withMonth, takesPdf = false, onUploaded }: Props) {
  const { t, i18n } = useTranslation();
  const { lang, digits } = useLanguage();
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  const [entries, setEntries] = useState<Entry[]>([]);
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  const [period, setPeriod] = useState(() => monthInIndia());
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [chooseError, setChooseError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  // Previews still shown when the page closes are released.
  useEffect(() => () => entriesRef.current.forEach((entry) => URL.revokeObjectURL(entry.preview)), []);

  const patch = (key: number, change: Partial<Entry>) =>
    setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  const removeEntry = (key: number) => {
    const entry = entriesRef.current.find((e) => e.key === key);
    if (entry) URL.revokeObjectURL(entry.preview);
    entriesRef.current = entriesRef.current.filter((e) => e.key !== key);
    setEntries((list) => list.filter((e) => e.key !== key));
  };

  const accepted = takesPdf ? [...ACCEPTED_TYPES, PDF_TYPE] : ACCEPTED_TYPES;

  const addFiles = (files: Iterable<File>) => {
    const all = [...files];
    const images = all.filter((file) => accepted.includes(file.type));
    const others = all.filter((file) => !accepted.includes(file.type));
    const added: Entry[] = images.map((file) => ({
      key: nextKey.current++,
      file,
      pdf: file.type === PDF_TYPE,
      preview: file.type === PDF_TYPE ? '' : URL.createObjectURL(file),
      description: '',
      status: 'ready',
      progress: 0,
    }));
    if (added.length > 0) {
      setChooseError(null);
      setEntries((list) => [...list, ...added]);
    }
    const names = others.map((f) => f.name).join(', ');
    setNotice(
      others.length > 0
        ? {
            kind: 'error',
            text: takesPdf
              ? t('Not added (not a JPEG, PNG, WebP or GIF image, or a PDF): {{names}}', { names })
              : t('Not added (not a JPEG, PNG, WebP or GIF image): {{names}}', { names }),
          }
        : null,
    );
  };

  /** Sends one entry; 'stop' when the token was refused (the administrator is leaving for /login). */
  const send = async (entry: Entry): Promise<'ok' | 'failed' | 'stop'> => {
    patch(entry.key, { status: 'sending', progress: 0, error: undefined });
    const description = entry.description.trim();
    const outcome = await uploadMedia(
      kind,
      entry.file,
      { description: description || undefined, ...(withMonth ? period : {}) },
      (sent) => patch(entry.key, { progress: sent }),
    );
    if (outcome.ok) {
      removeEntry(entry.key);
      return 'ok';
    }
    const messages = uploadRefusalKeys(outcome, (key) => i18n.exists(key));
    patch(entry.key, { status: 'failed', progress: 0, error: messages.map((m) => t(m)).join(' ') });
    return outcome.status === 401 || outcome.status === 403 ? 'stop' : 'failed';
  };

  const report = (uploaded: number, failed: number) => {
    if (uploaded > 0) onUploaded();
    if (failed === 0) setNotice({ kind: 'success', text: t('Uploaded: {{number}}', { number: digits(uploaded) }) });
    else
      setNotice({
        kind: 'error',
        text: t('Uploaded: {{uploaded}}. Not uploaded: {{failed}}. See the message under each image.', {
          uploaded: digits(uploaded),
          failed: digits(failed),
        }),
      });
  };

  const uploadAll = async () => {
    setNotice(null);
    const queue = entriesRef.current.filter((entry) => entry.status !== 'sending');
    if (queue.length === 0) {
      setChooseError(t('Please choose an image to upload.'));
      inputRef.current?.focus();
      return;
    }
    if (queue.some((entry) => descriptionError(entry.description))) {
      setNotice({ kind: 'error', text: t('Please correct the descriptions marked below.') });
      return;
    }
    setBusy(true);
    let uploaded = 0;
    let failed = 0;
    for (const entry of queue) {
      // The description as it is now (it may have been edited since the queue was read).
      const current = entriesRef.current.find((e) => e.key === entry.key);
      if (!current) continue;
      const result = await send(current);
      if (result === 'ok') uploaded += 1;
      else failed += 1;
      if (result === 'stop') break;
    }
    setBusy(false);
    report(uploaded, failed);
  };

  const retry = async (entry: Entry) => {
    if (descriptionError(entry.description)) return;
    setNotice(null);
    setBusy(true);
    const result = await send(entry);
    setBusy(false);
    report(result === 'ok' ? 1 : 0, result === 'ok' ? 0 : 1);
  };

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Moving over the zone's own children is not leaving it.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) addFiles(event.dataTransfer.files);
  };

  const years = galleryYears();
  const pending = entries.filter((entry) => entry.status !== 'sending').length;

  return (
    <section className={`form-card form-card-outlined ${styles.panel}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {t('Upload images')}
      </h2>

      {withMonth ? (
        <fieldset className={styles.period}>
          <legend className={styles.legend}>{t('The month these photos belong to')}</legend>
          <SelectField
            label={t('Year')}
            value={String(period.year)}
            onChange={(event) => setPeriod((p) => ({ ...p, year: Number(event.target.value) }))}
            options={years.map((year) => ({ value: String(year), label: digits(year) }))}
            disabled={busy}
          />
          <SelectField
            label={t('Month')}
            value={String(period.month)}
            onChange={(event) => setPeriod((p) => ({ ...p, month: Number(event.target.value) }))}
            options={MONTHS.map((month) => ({ value: String(month), label: monthName(month, lang) }))}
            disabled={busy}
          />
        </fieldset>
      ) : null}

      <div
        className={`${styles.dropZone} ${dragging ? styles.dragging : ''}`}
        data-testid="drop-zone"
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={takesPdf ? [...accepted, '.pdf'].join(',') : accepted.join(',')}
          className="visually-hidden file-input"
          aria-describedby={hintId}
          aria-invalid={chooseError ? true : undefined}
          disabled={busy}
          onChange={(event) => {
            if (event.target.files) addFiles(event.target.files);
            // The same file may be chosen again after it was removed.
            event.target.value = '';
          }}
        />
        <label htmlFor={inputId} className={`choose-button ${styles.chooseButton}`}>
          {takesPdf ? t('Choose images or PDFs') : t('Choose images')}
        </label>
        <p className={styles.dropText}>{t('or drag and drop them here')}</p>
        <p id={hintId} className={styles.hint}>
          {takesPdf
            ? t('JPEG, PNG, WebP or GIF images, or PDF files (shown by their first page). Each file is sent on its own.')
            : t('JPEG, PNG, WebP or GIF. Each image is sent on its own.')}
        </p>
        {chooseError ? (
          <p className={styles.error} role="alert">
            {chooseError}
          </p>
        ) : null}
      </div>

      {entries.length > 0 ? (
        <ul className={styles.queue} aria-label={t('Chosen images')}>
          {entries.map((entry) => {
            const name = entry.file.name;
            const error = descriptionError(entry.description);
            return (
              <li key={entry.key} className={styles.entry} data-status={entry.status}>
                {entry.pdf ? (
                  <span className={`${styles.preview} ${styles.pdfPreview}`} aria-hidden="true">
                    PDF
                  </span>
                ) : entry.previewFailed ? (
                  <span className={styles.preview} aria-hidden="true" />
                ) : (
                  <img
                    src={entry.preview}
                    alt={t('Preview of {{name}}', { name })}
                    className={styles.preview}
                    onError={() => patch(entry.key, { previewFailed: true })}
                  />
                )}
                <div className={styles.entryBody}>
                  <p className={styles.fileName}>
                    <span className={styles.name}>{name}</span> <span className={styles.size}>{formatBytes(entry.file.size, lang)}</span>
                  </p>
                  <TextField
                    label={t('Description (optional)')}
                    aria-label={t('Description of {{name}}', { name })}
                    value={entry.description}
                    onChange={(event) => patch(entry.key, { description: event.target.value })}
                    disabled={entry.status === 'sending'}
                    error={error ? t(error) : undefined}
                    hint={t('{{used}} of {{max}} characters', { used: digits([...entry.description].length), max: digits(MAX_DESCRIPTION) })}
                  />
                  {entry.status === 'sending' ? (
                    <UploadProgress sent={entry.progress} label={t('Upload progress of {{name}}', { name })} />
                  ) : null}
                  {entry.status === 'failed' && entry.error ? (
                    <p className={styles.error} role="alert">
                      {entry.error}
                    </p>
                  ) : null}
                </div>
                <div className={styles.entryActions}>
                  {entry.status === 'failed' ? (
                    <Button variant="secondary" size="sm" disabled={busy} onClick={() => void retry(entry)} aria-label={`${t('Retry')}: ${name}`}>
                      {t('Retry')}
                    </Button>
                  ) : null}
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={entry.status === 'sending'}
                    onClick={() => removeEntry(entry.key)}
                    aria-label={`${t('Remove')}: ${name}`}
                  >
                    {t('Remove')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}

      <div className={styles.buttons}>
        <Button onClick={() => void uploadAll()} busy={busy}>
          {pending > 1 ? t('Upload {{number}} images', { number: digits(pending) }) : t('Upload')}
        </Button>
      </div>
      <AdminNotice notice={notice} />
    </section>
  );
}
