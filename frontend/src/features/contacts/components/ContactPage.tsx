import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SocialLinks } from '@/components/layout/SocialLinks';
import { mapEmbedUrl, mapLinkUrl } from '@/config/site';
import { useSite } from '@/lib/siteContent';
import { useLanguage } from '@/lib/useLanguage';
import { usePageTitle } from '@/lib/usePageTitle';
import { pageTitle } from '@/config/pageTitles';
import { paths } from '@/config/paths';
import { ContactForm } from './ContactForm';
import styles from './ContactPage.module.css';

/** Address, social links, an embedded map and the Get In Touch form. */
export default function ContactPage() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { organisation } = useSite();
  const title = pageTitle(paths.contact, t);
  usePageTitle(title);
  const mapShown = useAfterPageLoad();
  return (
    <div className="container page">
      <h1>{title}</h1>
      <div className={styles.grid}>
        <div className={styles.info}>
          <section className={styles.card} aria-labelledby="contact-address">
            <h2 id="contact-address">{t('Address')}</h2>
            <p lang="mr" className={styles.orgName}>
              {organisation.name.mr}
            </p>
            <address className={styles.address}>{organisation.address[lang]}</address>
            <dl className={styles.details}>
              <dt>{t('Phone')}</dt>
              <dd>
                <a href={`tel:${organisation.phone.replace(/\s/g, '')}`}>{organisation.phone}</a>
              </dd>
              <dt>{t('Email')}</dt>
              <dd>
                <a href={`mailto:${organisation.email}`}>{organisation.email}</a>
              </dd>
            </dl>
          </section>
          <section className={styles.card} aria-labelledby="contact-social">
            <h2 id="contact-social">{t('Follow us')}</h2>
            <SocialLinks />
          </section>
        </div>
        <ContactForm />
      </div>
      <section className={styles.mapSection} aria-labelledby="contact-map">
        <h2 id="contact-map">{t('Find us on the map')}</h2>
        {mapShown ? (
          <iframe
            className={styles.map}
            src={mapEmbedUrl(organisation.map_place)}
            title={t('Map showing the location of our office')}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            allowFullScreen
          />
        ) : (
          // The map's place, kept so that nothing moves when it arrives.
          <div className={styles.map} />
        )}
        <p className={styles.mapLink}>
          <a href={mapLinkUrl(organisation.map_place)} target="_blank" rel="noopener noreferrer">
            {t('Open the map in a new tab')}
          </a>
        </p>
      </section>
    </div>
  );
}

/**
 * True once the page and everything it asked for have loaded and the browser is idle: the
 * embedded map (a heavy page of another site) then does not compete with this page, nor with its
 * start-up, on a slow phone. A page without JavaScript has the link to the map below it.
 */
function useAfterPageLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const whenIdle = () => {
      const show = () => setLoaded(true);
      idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(show, { timeout: 3000 }) : window.setTimeout(show, 500);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle === undefined) return;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else clearTimeout(idle);
    };
  }, []);
  return loaded;
}
