import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/usePageTitle';
import { pageTitle } from '@/config/pageTitles';
import { paths } from '@/config/paths';
import { managementTeam } from '../content';
import { PeopleList } from './PeopleList';
import styles from './About.module.css';

/** Trustees, office bearers, invited members, temple committee, legal advisors (static). */
export default function ManagementTeamPage() {
  const { t } = useTranslation();
  const title = pageTitle(paths.managementTeam, t);
  usePageTitle(title);
  return (
    <div className="container page">
      <h1>{title}</h1>
      {managementTeam.map((section, i) => (
        <section key={section.title} className={styles.section} aria-labelledby={`team-${i}`}>
          <h2 id={`team-${i}`}>{t(section.title)}</h2>
          <PeopleList people={section.people} />
        </section>
      ))}
    </div>
  );
}
