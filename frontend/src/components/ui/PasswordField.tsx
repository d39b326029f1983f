import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './TextField';
import styles from './PasswordField.module.css';

type Props = Omit<TextFieldProps, 'type' | 'label'> & {
  /** The visible label (already translated); 'Password' when not given. */
  label?: string;
};

/** A password field with a 'Show password' check box under it, so a visitor on a phone can see what was typed. */
export function PasswordField({ label, ...field }: Props) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <>
      <TextField label={label ?? t('Password')} type={shown ? 'text' : 'password'} {...field} />
      <label className={styles.check}>
        <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} />
        {t('Show password')}
      </label>
    </>
  );
}
