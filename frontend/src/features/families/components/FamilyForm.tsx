import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Honeypot, useHoneypot } from '@/components/ui/Honeypot';
import { useDraft } from '@/lib/useDraft';
import { useFormList } from '@/lib/useFormList';
import { useLanguage } from '@/lib/useLanguage';
import { useTooMany, type Refusal } from '@/lib/tooMany';
import { useForm, type FormErrors } from '@/lib/validation';
import { registerFamily } from '../api';
import { FAMILY_DRAFT_KEY, isEmptyFamily, readFamilyDraft, type FamilyDraft } from '../draft';
import { MAX_MEMBERS, emptyHead, emptyMember, headFields, headRules, memberRules, trimmed, type HeadField, type MemberField } from '../fields';
import { PersonFields, fieldId } from './PersonFields';
import styles from './FamilyForm.module.css';

const initialHead = emptyHead();

/** Where a server message of a 422 answer belongs: `head.firstName`, `familyMembers.1.name`. */
function splitFieldErrors(fields: Record<string, string>) {
  const head: FormErrors = {};
  const members = new Map<number, FormErrors>();
  let list = '';
  let other = '';
  for (const [path, message] of Object.entries(fields)) {
    const inHead = /^head\.(\w+)$/.exec(path);
    const inMember = /^familyMembers\.(\d+)\.(\w+)$/.exec(path);
    if (inHead) head[inHead[1]] = message;
    else if (inMember) members.set(Number(inMember[1]), { ...members.get(Number(inMember[1])), [inMember[2]]: message });
    else if (path === 'familyMembers') list = message;
    else other = message;
  }
  return { head, members, list, other };
}

/**
 * The family registration form (docs/SPECIFICATION.md §2, §5): the head of family, then the members of the
 * household (one empty entry to start with; Add Member and Delete per member). Every field is
 * checked on change with the server's rules; a member left completely empty is not sent. On
 * submit the first invalid field gets the focus and scrolls into view; the server's messages
 * land under the fields of the member they name. Success empties the form. What is typed is kept
 * in this browser (../draft, lib/useDraft) until the form is sent, and brought back after a
 * reload, with a note saying so and a way to start afresh.
 */
export function FamilyForm() {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const head = useForm(headRules, initialHead);
  const members = useFormList(memberRules, emptyMember);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [failure, setFailure] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const honeypot = useHoneypot();
  const tooMany = useTooMany();
  const [listError, setListError] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  const typed = useMemo<FamilyDraft>(() => ({ head: head.values, members: members.entries.map((entry) => entry.values) }), [head.values, members.entries]);
  const [restored, setRestored] = useState(false);
  const draft = useDraft(FAMILY_DRAFT_KEY, typed, {
    read: readFamilyDraft,
    restore: (saved) => {
      head.setValues(saved.head);
      members.replace(saved.members);
      setRestored(true);
    },
    isEmpty: isEmptyFamily,
  });
  const startAfresh = () => {
    draft.clear();
    head.reset();
    members.reset();
    setRestored(false);
    setStatus('idle');
    afterRender.current = () => reveal(document.getElementById(fieldId('head', headFields[0])));
  };

  // Focus moves once the change that needs it is on screen.
  const afterRender = useRef<(() => void) | null>(null);
  useEffect(() => {
    const run = afterRender.current;
    afterRender.current = null;
    run?.();
  });
  const reveal = (element: HTMLElement | null | undefined) => {
    if (!element) return;
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
  };
  const focusFirstInvalid = () => {
    afterRender.current = () => reveal(formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]'));
  };

  const addMember = () => {
    const key = members.add();
    afterRender.current = () => reveal(document.getElementById(fieldId(`member-${key}`, 'name')));
  };

  const removeMember = (key: number) => {
    members.remove(key);
    setListError('');
    afterRender.current = () => addRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    setListError('');
    // Both parts are checked, so every message shows at once.
    const headOk = head.validate();
    const membersOk = members.validate();
    if (!headOk || !membersOk) {
      setStatus('idle');
      focusFirstInvalid();
      return;
    }
    const sent = members.filled();
    setStatus('sending');
    const result = await registerFamily({ head: trimmed(head.values), familyMembers: sent.map((entry) => trimmed(entry.values)), website: honeypot.value() });
    if (result.ok) {
      draft.clear();
      head.reset();
      members.reset();
      setRestored(false);
      setStatus('sent');
      afterRender.current = () => outcomeRef.current?.focus();
      return;
    }
    // Nothing typed is lost: the values stay for the next try.
    setRefusal(result);
    const split = splitFieldErrors(result.fields);
    head.setServerErrors(split.head);
    // The server counts the members it was sent; blank entries were not among them.
    members.setServerErrors(new Map([...split.members].flatMap(([index, errors]) => (sent[index] ? [[sent[index].key, errors]] : []))));
    setListError(split.list);
    const named = Object.keys(result.fields).length > 0;
    setFailure(named ? split.other : result.error);
    setStatus('failed');
    focusFirstInvalid();
    if (!named) afterRender.current = () => outcomeRef.current?.focus();
  };

  const full = members.entries.length >= MAX_MEMBERS;

  return (
    <form ref={formRef} className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="family-form-title">
      <h2 id="family-form-title" className="visually-hidden">
        {t('Family registration form')}
      </h2>
      {restored ? (
        <div className={styles.draftNote}>
          <p>{t('What you typed earlier on this device has been filled in again. It is kept only in this browser until you submit the form.')}</p>
          <Button variant="secondary" size="sm" onClick={startAfresh}>
            {t('Clear the form')}
          </Button>
        </div>
      ) : null}
      <fieldset className={styles.part}>
        <legend className={styles.legend}>
          <h2 className={styles.partTitle}>{t('Head of family')}</h2>
        </legend>
        <PersonFields
          kind="head"
          idPrefix="head"
          values={head.values}
          errors={head.errors}
          onChange={(name, value) => head.setValue(name as HeadField, value)}
        />
      </fieldset>

      <section className={styles.part} aria-labelledby="family-members-title">
        <h2 id="family-members-title" className={styles.partTitle}>
          {t('Family members')}
        </h2>
        <p className={styles.note}>{t('Add each person of the household. A member left completely empty is not sent.')}</p>
        {members.entries.map((entry, index) => {
          const number = digits(index + 1);
          return (
            <fieldset key={entry.key} className={styles.member} data-testid="family-member">
              <legend className={styles.memberTitle}>{t('Family member {{number}}', { number })}</legend>
              <Button
                variant="secondary"
                size="sm"
                className={styles.memberDelete}
                aria-label={t('Delete family member {{number}}', { number })}
                onClick={() => removeMember(entry.key)}
              >
                {t('Delete')}
              </Button>
              <div className={styles.memberFields}>
                <PersonFields
                  kind="member"
                  idPrefix={`member-${entry.key}`}
                  values={entry.values}
                  errors={entry.errors}
                  onChange={(name, value) => members.setValue(entry.key, name as MemberField, value)}
                />
              </div>
            </fieldset>
          );
        })}
        {members.entries.length === 0 ? <p className={styles.none}>{t('No family members added.')}</p> : null}
        <Button ref={addRef} variant="secondary" onClick={addMember} disabled={full} aria-describedby={full || listError ? 'family-members-limit' : undefined}>
          {t('Add Member')}
        </Button>
        {full || listError ? (
          <p id="family-members-limit" className={listError ? styles.error : styles.note}>
            {t(listError || 'At most 30 family members')}
          </p>
        ) : null}
      </section>

      <Honeypot ref={honeypot.ref} />
      <div className={styles.submit}>
        <Button type="submit" busy={status === 'sending'}>
          {t('Submit')}
        </Button>
      </div>
      <p ref={outcomeRef} tabIndex={-1} className={status === 'sent' ? styles.success : styles.failure} role="status" aria-live="polite">
        {status === 'sent' ? t('Family registered successfully!') : null}
        {status === 'failed' ? (tooMany(refusal) ?? [t('Submission failed'), failure ? t(failure) : ''].filter(Boolean).join(': ')) : null}
      </p>
    </form>
  );
}
