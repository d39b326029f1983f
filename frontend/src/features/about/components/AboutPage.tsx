import { useTranslation } from 'react-i18next';
import { navigation, paths } from '@/config/paths';
import { site } from '@/config/site';
import { capitalise } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { usePageTitle } from '@/lib/usePageTitle';
import { pageTitle } from '@/config/pageTitles';
import { useSite } from '@/lib/siteContent';
import { LinkCards } from '@/components/ui/LinkCards';
import { RichText } from '@/components/ui/RichText';
import styles from './About.module.css';

/** About the organisation (the site content's `about` text), with a card for each of its eight sub-bodies. */
export default function AboutPage() {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const { about, sub_bodies: subBodies } = useSite();
  const title = pageTitle(paths.about, t);
  usePageTitle(title);
  const links = navigation.find((entry) => entry.to === paths.about)?.children ?? [];
  return (
    <div className="container page">
      <h1>{title}</h1>
      <div className={styles.intro}>
        <img src="/images/logo.svg" alt="" width="96" height="96" />
        <div>
          <p className={styles.facts}>
            {t('Established {{year}}', { year: digits(site.established) })} · {t('Reg. No. {{number}}', { number: site.registrationNumber })}
          </p>
          <RichText text={about[lang]} lang={lang} />
        </div>
      </div>
      <h2>{t('Our sub-bodies')}</h2>
      <LinkCards
        items={links.map((link) => {
          const body = subBodies.find((b) => link.to.endsWith(`/${b.id}`));
          return { to: link.to, title: capitalise(t(link.label)), text: body?.description[lang], lang };
        })}
      />
    </div>
  );
}
