/**
 * A slide's or a sponsor's image: the current one, and a file chooser that uploads the chosen
 * image at once (POST /api/admin/site/images, with its progress) and puts its address in the
 * content; a refused file says why under the field.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '@/components/ui/UploadProgress';
import { uploadRefusalKeys } from '@/lib/upload';
import { uploadSiteImage } from './api';
import { getAt, placeId } from './draft';
import { useEditor } from './EditorContext';
import styles from './AdminSiteContent.module.css';

/** The types the server stores (it judges the content; this only keeps other files out of the chooser). */
const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

type Props = {
  path: string;
  /** What the image is of, for the chooser's name (already translated), e.g. "Slide 2". */
  of: string;
};

export function ImageField({ path, of }: Props) {
  const { t, i18n } = useTranslation();
  const { content, messages, setField } = useEditor();
  const [sent, setSent] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const url = getAt(content, path);
  const current = typeof url === 'string' ? url : '';
  const id = placeId(path);
  const message = refusal ?? (messages[path] ? t(messages[path]) : null);
  const chooseLabel = current ? t('Choose another image') : t('Choose an image');

  const choose = async (file: File) => {
    setRefusal(null);
    setSent(0);
    const outcome = await uploadSiteImage(file, setSent);
    setSent(null);
    if (outcome.ok) {
      setField(path, outcome.data.url);
      return;
    }
    setRefusal(
      uploadRefusalKeys(outcome, (key) => i18n.exists(key))
        .map((key) => t(key))
        .join(' '),
    );
  };

  return (
    <div className={styles.imageField}>
      {current ? <img src={current} alt="" className={styles.thumbnail} /> : <span className={styles.noImage}>{t('No image yet')}</span>}
      <div className={styles.imageControls}>
        <input
          id={id}
          type="file"
          accept={ACCEPTED_TYPES}
          className="visually-hidden file-input"
          aria-label={`${chooseLabel}: ${of}`}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          disabled={sent !== null}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file may be chosen again after a refusal.
            event.target.value = '';
            if (file) void choose(file);
          }}
        />
        <label htmlFor={id} className={`choose-button ${styles.chooseButton}`}>
          {chooseLabel}
        </label>
        {current ? <p className={styles.imageName}>{current.split('/').pop()}</p> : null}
        {sent !== null ? <UploadProgress sent={sent} label={t('Upload progress: {{item}}', { item: of })} /> : null}
        {message ? (
          <p id={`${id}-message`} className={styles.placeMessage} role={refusal ? 'alert' : undefined}>
            {message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
