import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Honeypot, useHoneypot } from '@/components/ui/Honeypot';
import { TextArea, TextField } from '@/components/ui/TextField';
import { validationRules } from '@/lib/rules';
import { useTooMany, type Refusal } from '@/lib/tooMany';
import { useForm } from '@/lib/validation';
import { sendContact } from '../api';
import styles from './ContactForm.module.css';

const empty = { full_name: '', email: '', message: '' };

/** "Get In Touch": checked field by field as the visitor types, with the server's rules. */
export function ContactForm() {
  const { t } = useTranslation();
  const form = useForm(validationRules.contact, empty);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const honeypot = useHoneypot();
  const tooMany = useTooMany();
  const error = (name: keyof typeof empty) => (form.errors[name] ? t(form.errors[name]) : undefined);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) {
      setStatus('idle');
      return;
    }
    setStatus('sending');
    const result = await sendContact({
      full_name: form.values.full_name.trim(),
      email: form.values.email.trim(),
      message: form.values.message.trim(),
      website: honeypot.value(),
    });
    if (result.ok) {
      form.reset();
      setStatus('sent');
    } else {
      // What was typed stays: a refused visitor sends it again as it is.
      form.setServerErrors(result.fields);
      setRefusal(result);
      setStatus('failed');
    }
  };

  return (
    <form className={`form-card ${styles.form}`} onSubmit={onSubmit} noValidate aria-labelledby="get-in-touch">
      <h2 id="get-in-touch" className={styles.title}>
        {t('Get In Touch')}
      </h2>
      <TextField {...form.field('full_name')} error={error('full_name')} label={t('Full name')} autoComplete="name" required />
      <TextField {...form.field('email')} error={error('email')} label={t('Email')} type="email" autoComplete="email" inputMode="email" required />
      <TextArea {...form.field('message')} error={error('message')} label={t('Message')} rows={5} required />
      <Honeypot ref={honeypot.ref} />
      <Button type="submit" busy={status === 'sending'}>
        {t('Send Message')}
      </Button>
      <p className={status === 'sent' ? styles.success : styles.failure} role="status" aria-live="polite">
        {status === 'sent' ? t('Message sent!') : status === 'failed' ? (tooMany(refusal) ?? t('Error submitting message')) : ''}
      </p>
    </form>
  );
}
