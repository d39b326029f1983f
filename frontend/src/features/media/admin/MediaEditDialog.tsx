/**
 * An uploaded image corrected in a dialog: its description (the alternative text and caption,
 * checked with the server's `mediaEdit` rules as it is typed) and, in the gallery, the year and
 * month it belongs to. The file itself is not changed; Save sends PUT /api/{kind}/{id}.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { SelectField, TextField } from '@/components/ui/TextField';
import { errorText, fieldErrors } from '@/lib/api';
import { validationRules } from '@/lib/rules';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { validateField, type FormErrors } from '@/lib/validation';
import { editMedia, type MediaItem, type MediaKind } from './api';
import { monthName } from './months';
import { galleryYears } from '../years';
import styles from './AdminMedia.module.css';

const MAX_DESCRIPTION = validationRules.mediaEdit.description.find((rule) => rule.kind === 'maxLength')?.max ?? 300;
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

type Props = {
  kind: MediaKind;
  /** The gallery's photos belong to a month. */
  withMonth: boolean;
  /** The image being corrected; null: closed. */
  item: MediaItem | null;
  /** How the page names the image (its description, or its file name). */
  name: string;
  onClose: () => void;
  onSaved: (item: MediaItem) => void;
  /** The image was deleted meanwhile (404). */
  onGone: () => void;
};

export function MediaEditDialog({ kind, withMonth, item, name, onClose, onSaved, onGone }: Props) {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const descriptionId = useId();
  const [description, setDescription] = useState('');
  const [period, setPeriod] = useState({ year: 0, month: 0 });
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setDescription(item?.description ?? '');
    setPeriod({ year: item?.year ?? 0, month: item?.month ?? 0 });
    setErrors({});
    setFailure(null);
    // The description is what is corrected most: the focus goes there (after the dialog's own).
    if (item) document.getElementById(descriptionId)?.focus();
  }, [item, descriptionId]);

  if (!item) return null;

  const check = (value: string) => validateField(validationRules.mediaEdit, 'description', { description: value });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = check(description);
    if (problem) {
      setErrors({ description: problem });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const body = { description: description.trim(), ...(withMonth ? period : {}) };
      const { data, error, response } = await editMedia(kind, item.id, body);
      if (response.ok && data) {
        onSaved(data);
        return;
      }
      if (response.status === 404) {
        onGone();
        return;
      }
      const fields = fieldErrors(error);
      if (response.status === 422 && Object.keys(fields).length > 0) setErrors(fields);
      else setFailure(t(errorText(error, i18nKey('Could not save. Please try again.'))));
    } catch (problem) {
      console.error('Saving the image failed', problem);
      setFailure(t('Could not save. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  // The year the photo has now stays on offer even when it is outside the usual range.
  const years = galleryYears();
  if (withMonth && !years.includes(item.year)) years.push(item.year);
  const error = (field: string) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={t('Edit image: {{name}}', { name })}
      closeOnBackdrop={false}
    >
      <form noValidate onSubmit={(event) => void save(event)}>
        <TextField
          id={descriptionId}
          label={t('Description')}
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            const problem = check(event.target.value);
            setErrors(({ description: _old, ...rest }) => (problem ? { ...rest, description: problem } : rest));
          }}
          error={error('description')}
          hint={`${t('Shown under the image and read out to visitors who cannot see it.')} ${t('{{used}} of {{max}} characters', {
            used: digits([...description].length),
            max: digits(MAX_DESCRIPTION),
          })}`}
        />
        {withMonth ? (
          <fieldset className={styles.period}>
            <legend className={styles.legend}>{t('The month this photo belongs to')}</legend>
            <SelectField
              label={t('Year')}
              value={String(period.year)}
              onChange={(event) => setPeriod((p) => ({ ...p, year: Number(event.target.value) }))}
              options={years.map((year) => ({ value: String(year), label: digits(year) }))}
              error={error('year')}
            />
            <SelectField
              label={t('Month')}
              value={String(period.month)}
              onChange={(event) => setPeriod((p) => ({ ...p, month: Number(event.target.value) }))}
              options={MONTHS.map((month) => ({ value: String(month), label: monthName(month, lang) }))}
              error={error('month')}
            />
          </fieldset>
        ) : null}
        {failure ? (
          <p className="message-error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="form-buttons">
          <Button type="submit" busy={busy}>
            {t('Save')}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('Cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
