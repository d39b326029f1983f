import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/useLanguage';
import { codeText } from '@/lib/digits';
import { choiceLabels, fieldLabels, fieldsOf, type PersonField, type PersonKind } from '../fields';
import styles from './AdminFamily.module.css';

type Named = { firstName: string; middleName: string; lastName: string; surname: string };

/** A head's name as written: first, middle and last name (and the surname when it differs). */
export const headName = (head: Named) =>
  [head.firstName, head.middleName, head.lastName, head.surname !== head.lastName ? head.surname : ''].filter(Boolean).join(' ');

/** A head's name as a register lists it: surname first (the last name too when it differs). */
export const registerName = (head: Named) =>
  [head.surname, head.firstName, head.middleName, head.lastName !== head.surname ? head.lastName : ''].filter(Boolean).join(' ');

/** The mark of a family that may repeat an earlier registration. */
export function DuplicateBadge() {
  const { t } = useTranslation();
  return <span className={styles.badge}>{t('Possible duplicate')}</span>;
}

/** A stored value as shown to an administrator: choices translated, the date and age in the page's digits, the WhatsApp number in Latin digits (lib/digits). */
export function useValueText() {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  return (field: PersonField, value: string | null | undefined): string => {
    if (!value) return '';
    if (field === 'sex' || field === 'status') return choiceLabels[value] ? t(choiceLabels[value]) : value;
    if (field === 'whatsapp') return codeText(value);
    if (field === 'dob' || field === 'age') return digits(value);
    return value;
  };
}

/** Every field of a person, label beside value. */
export function PersonDetails({ kind, person }: { kind: PersonKind; person: Record<string, unknown> }) {
  const { t } = useTranslation();
  const text = useValueText();
  return (
    <dl className={styles.details}>
      {fieldsOf(kind).map((field) => (
        <div key={field} className={styles.detail}>
          <dt>{t(fieldLabels[field])}</dt>
          <dd>
            {field === 'whatsapp' ? (
              <a href={`tel:${String(person[field] ?? '')}`}>{text(field, String(person[field] ?? ''))}</a>
            ) : (
              text(field, String(person[field] ?? ''))
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
