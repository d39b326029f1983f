import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { TextArea, TextField } from '@/components/ui/TextField';
import { validationRules } from '@/lib/rules';
import { useForm } from '@/lib/validation';
import { sendContact } from '../api';
import styles from './ContactForm.module.css';

const empty = { full_name: '', email: '', message: '' };

/** "Get In Touch": checked field by field as the visitor types, with the server's rules. */
export function ContactForm() {
  const { t } = useTranslation();
  const form = useForm(validationRules.contact, empty);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
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
    });
    if (result.ok) {
      form.reset();
      setStatus('sent');
    } else {
      form.setServerErrors(result.fields);
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
      <Button type="submit" busy={status === 'sending'}>
        {t('Send Message')}
      </Button>
      <p className={status === 'sent' ? styles.success : styles.failure} role="status" aria-live="polite">
        {status === 'sent' ? t('Message sent!') : status === 'failed' ? t('Error submitting message') : ''}
      </p>
    </form>
  );
}
