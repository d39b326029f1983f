/**
 * The content as a visitor will see it: the real public page, in English or Marathi, framed at
 * a phone's width (360 px), drawing the content being edited (saved or not) instead of the
 * published one (lib/sitePreview.ts). The frame reads the content when it opens.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/TextField';
import { paths } from '@/config/paths';
import { offerSitePreview } from '@/lib/sitePreview';
import type { Language } from '@/lib/i18n';
import { i18nKey } from '@/lib/text';
import type { SiteContent } from './api';
import { subBodyNames } from './draft';
import styles from './AdminSiteContent.module.css';

const pages: Array<{ path: string; label: string }> = [
  { path: paths.home, label: i18nKey('Home') },
  { path: paths.about, label: i18nKey('About') },
  { path: paths.managementTeam, label: i18nKey('Management Team') },
  ...Object.entries(subBodyNames).map(([id, label]) => ({ path: `${paths.about}/${id}`, label })),
  { path: paths.contact, label: i18nKey('Contact') },
  { path: paths.privacyPolicy, label: i18nKey('Privacy Policy') },
];

const languages: Array<{ value: Language; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'mr', label: 'मराठी' },
];

export function SitePreview({ content }: { content: () => SiteContent | null }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(pages[0].path);
  const [language, setLanguage] = useState<Language>('mr');

  useEffect(() => offerSitePreview(content), [content]);

  const pageLabel = t(pages.find((p) => p.path === page)?.label ?? '');
  const languageLabel = languages.find((l) => l.value === language)?.label ?? '';
  return (
    <div className={styles.part}>
      <h2 className={styles.partTitle}>{t('Preview')}</h2>
      <p className={styles.partIntro}>{t('The page as a visitor will see it on a phone, with the content as it is here, saved or not.')}</p>
      <div className={styles.previewChoices}>
        <SelectField label={t('Page')} value={page} onChange={(event) => setPage(event.target.value)} options={pages.map((p) => ({ value: p.path, label: t(p.label) }))} />
        <fieldset className={styles.languageChoice}>
          <legend>{t('Language')}</legend>
          {languages.map((option) => (
            <label key={option.value} className={styles.radio} lang={option.value}>
              <input type="radio" name="preview-language" value={option.value} checked={language === option.value} onChange={() => setLanguage(option.value)} />
              {option.label}
            </label>
          ))}
        </fieldset>
      </div>
      <div className={styles.previewFrame}>
        <iframe
          key={`${page}:${language}`}
          src={`${page}?lng=${language}&preview=1`}
          title={t('Preview: {{page}}, {{language}}', { page: pageLabel, language: languageLabel })}
          width={360}
          height={640}
          className={styles.preview}
        />
      </div>
    </div>
  );
}
