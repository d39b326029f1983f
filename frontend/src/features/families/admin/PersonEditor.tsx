import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import type { FormOutcome } from '@/lib/api';
import { i18nKey } from '@/lib/text';
import { useSubmit } from '@/lib/useSubmit';
import { useForm } from '@/lib/validation';
import { rulesOf, trimmed, type PersonKind } from '../fields';
import { PersonFields } from '../components/PersonFields';
import styles from './AdminFamily.module.css';

type Props<V extends Record<string, string>> = {
  kind: PersonKind;
  /** The editor's heading (already translated). */
  title: string;
  initial: V;
  /** The saving button's label (already translated). */
  submitLabel: string;
  save: (values: V) => Promise<FormOutcome<unknown>>;
  onSaved: () => void;
  onCancel: () => void;
  /** The person (or the family) no longer exists. */
  onMissing: () => void;
};

/**
 * An administrator's form for a head or a member, checked with the same rules as the public
 * form; the server's messages (unprefixed field names) land under the fields, and the first
 * invalid field gets the focus.
 */
export function PersonEditor<V extends Record<string, string>>({ kind, title, initial, submitLabel, save, onSaved, onCancel, onMissing }: Props<V>) {
  const { t } = useTranslation();
  const form = useForm(rulesOf(kind), initial);
  const heading = useRef<HTMLHeadingElement>(null);
  const idPrefix = `edit-${kind}`;

  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, []);

  // A refusal with per-field messages focuses the first of them; any other shows the alert.
  const { busy, failure, formRef, submit } = useSubmit(form.validate, async () => {
    const result = await save(trimmed(form.values));
    if (result.ok) {
      onSaved();
      return;
    }
    if (result.status === 404) {
      onMissing();
      return;
    }
    if (Object.keys(result.fields).length > 0) {
      form.setServerErrors(result.fields);
      return '';
    }
    return result.error || i18nKey('Could not save. Please try again.');
  });

  return (
    <section className={styles.editor} aria-labelledby={`${idPrefix}-title`}>
      <h2 id={`${idPrefix}-title`} ref={heading} tabIndex={-1} className={styles.editorTitle}>
        {title}
      </h2>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
        <PersonFields kind={kind} idPrefix={idPrefix} values={form.values} errors={form.errors} onChange={(name, value) => form.setValue(name as keyof V & string, value)} />
        {failure ? (
          <p role="alert" className={styles.failure}>
            {t(failure)}
          </p>
        ) : null}
        <div className="form-buttons">
          <Button type="submit" busy={busy}>
            {submitLabel}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('Cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
