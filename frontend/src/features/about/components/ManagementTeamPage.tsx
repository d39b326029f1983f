import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/useLanguage';
import { usePageTitle } from '@/lib/usePageTitle';
import { useSite } from '@/lib/siteContent';
import { pageTitle } from '@/config/pageTitles';
import { paths } from '@/config/paths';
import { PeopleList } from './PeopleList';
import styles from './About.module.css';

/** The groups of the management team (trustees, office bearers…), as the site content lists them. */
export default function ManagementTeamPage() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { team } = useSite();
  const title = pageTitle(paths.managementTeam, t);
  usePageTitle(title);
  return (
    <div className="container page">
      <h1>{title}</h1>
      {team.map((group, i) => (
        <section key={i} className={styles.section} aria-labelledby={`team-${i}`}>
          <h2 id={`team-${i}`} lang={lang}>
            {group.title[lang]}
          </h2>
          <PeopleList people={group.members} />
        </section>
      ))}
    </div>
  );
}
