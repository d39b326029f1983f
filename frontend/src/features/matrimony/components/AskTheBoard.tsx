/**
 * A match's next step: the profile's number and whom to ask about it. Members never see a
 * profile's contact details; the matchmaking board (the sub-body `VadhuVarMandal` of the
 * published site content) puts families in touch. Its office bearers who have a phone number are
 * named with it; without any, the organisation's own phone and e-mail (the e-mail's subject
 * names the profile's number).
 */
import { useTranslation } from 'react-i18next';
import { useSite, type Member } from '@/lib/siteContent';
import { useLanguage } from '@/lib/useLanguage';
import styles from './ProfileCard.module.css';

/** The sub-body of the published site content that answers about profiles. */
export const MATCHMAKING_BOARD_ID = 'VadhuVarMandal';
/** How many of the board's people a card names (the first with a phone number). */
const PEOPLE_SHOWN = 2;

const telLink = (phone: string) => `tel:${phone.replace(/[\s()-]/g, '')}`;

/** The board's people whom a member may call, in the order the site content lists them. */
export function boardContacts(members: readonly Member[]): Array<Member & { phone: string }> {
  return members.filter((member): member is Member & { phone: string } => Boolean(member.phone?.trim())).slice(0, PEOPLE_SHOWN);
}

export function AskTheBoard({ id }: { id: number }) {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const { organisation, sub_bodies } = useSite();
  const people = boardContacts(sub_bodies.find((body) => body.id === MATCHMAKING_BOARD_ID)?.members ?? []);
  const number = digits(id);
  const subject = t('Matrimonial profile no. {{id}}', { id: number });
  return (
    <div className={styles.ask}>
      <p className={styles.askTitle}>
        {people.length > 0
          ? t('To ask about profile no. {{id}}, call the matchmaking board:', { id: number })
          : t('To ask about profile no. {{id}}, contact the matchmaking board through the Samiti’s office:', { id: number })}
      </p>
      <ul className={styles.askList}>
        {people.length > 0 ? (
          people.map((person) => (
            <li key={`${person.name.en}-${person.phone}`}>
              <span lang={lang}>{person.name[lang] || person.name.en}</span>
              {person.role[lang] ? <span className={styles.askRole}> ({person.role[lang]})</span> : null}{' '}
              <a href={telLink(person.phone)}>{person.phone}</a>
            </li>
          ))
        ) : (
          <>
            {organisation.phone ? (
              <li>
                <a href={telLink(organisation.phone)}>{organisation.phone}</a>
              </li>
            ) : null}
            {organisation.email ? (
              <li>
                <a href={`mailto:${organisation.email}?subject=${encodeURIComponent(subject)}`}>{organisation.email}</a>
              </li>
            ) : null}
          </>
        )}
      </ul>
    </div>
  );
}
