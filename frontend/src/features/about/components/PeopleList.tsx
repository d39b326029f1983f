import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/useLanguage';
import type { Person } from '../content';
import styles from './PeopleList.module.css';

/** Names and roles as cards; names are content in the current language. */
export function PeopleList({ people }: { people: Person[] }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <ul className={styles.list}>
      {people.map((person, index) => (
        <li key={index} className={styles.card}>
          <span className={styles.avatar} aria-hidden="true">
            {[...person.name[lang].replace(/^(Shri|Smt\.|श्री\.|श्रीमती)\s+/, '')][0]}
          </span>
          <span className={styles.text}>
            <span lang={lang} className={styles.name}>
              {person.name[lang]}
            </span>
            <span className={styles.role}>{t(person.role)}</span>
            {person.phone ? (
              <a className={styles.phone} href={`tel:${person.phone.replace(/\s/g, '')}`}>
                {person.phone}
              </a>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
