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
      <ShowPassword checked={shown} onChange={setShown} />
    </>
  );
}

/** The 'Show password' check box alone, for a form whose password fields show together. */
export function ShowPassword({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {t('Show password')}
    </label>
  );
}
