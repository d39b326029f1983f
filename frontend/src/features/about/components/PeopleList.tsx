import { useLanguage } from '@/lib/useLanguage';
import type { Member } from '@/lib/siteContent';
import styles from './PeopleList.module.css';

/** Names and roles as cards, from the site content, in the current language; a phone when given. */
export function PeopleList({ people }: { people: Member[] }) {
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
            <span lang={lang} className={styles.role}>
              {person.role[lang]}
            </span>
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
