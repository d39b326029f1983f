import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useLanguage } from '@/lib/useLanguage';
import { usePageTitle } from '@/lib/usePageTitle';
import { useSite } from '@/lib/siteContent';
import { pageTitle } from '@/config/pageTitles';
import { PeopleList } from './PeopleList';
import styles from './About.module.css';

/** One sub-body: what it does and its office bearers, from the site content's `sub_bodies`. */
export default function SubBodyPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const body = useSite().sub_bodies.find((b) => b.id === id);
  const title = pageTitle(`${paths.about}/${id}`, t);
  usePageTitle(title);
  return (
    <div className="container page">
      <nav aria-label={t('Breadcrumb')} className={styles.breadcrumb}>
        <Link to={paths.about}>{t('About')}</Link> <span aria-hidden="true">›</span> <span aria-current="page">{title}</span>
      </nav>
      <h1>{title}</h1>
      {body?.description[lang] ? (
        <p lang={lang} className={styles.lead}>
          {body.description[lang]}
        </p>
      ) : null}
      <h2>{t('Office bearers')}</h2>
      <PeopleList people={body?.members ?? []} />
    </div>
  );
}
