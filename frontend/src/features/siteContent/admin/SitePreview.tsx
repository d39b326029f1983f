/**
 * The content as a visitor will see it: the real public page, in English or Marathi, framed at
 * a phone's width (360 px), drawing the content being edited (saved or not) instead of the
 * published one (lib/sitePreview.ts). The frame reads the content when it opens. Where there is
 * less room (the dashboard on a phone), the phone is drawn smaller rather than narrower, so the
 * page inside is laid out as on a 360 px phone still.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
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

/** The frame: the phone's screen and its 8 px edge on each side. */
const PHONE = { width: 360, height: 640, edge: 8 };

/** How much the phone must shrink to fit the width of `box` (1: not at all). */
function useFitScale(box: React.RefObject<HTMLElement | null>): number {
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const fit = () => setScale(Math.min(1, element.clientWidth / (PHONE.width + 2 * PHONE.edge)));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return scale;
}

const languages: Array<{ value: Language; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'mr', label: 'मराठी' },
];

export function SitePreview({ content }: { content: () => SiteContent | null }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(pages[0].path);
  const [language, setLanguage] = useState<Language>('mr');
  const box = useRef<HTMLDivElement>(null);
  const scale = useFitScale(box);

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
      <div ref={box} className={styles.previewBox} style={{ height: (PHONE.height + 2 * PHONE.edge) * scale }}>
        <iframe
          key={`${page}:${language}`}
          src={`${page}?lng=${language}&preview=1`}
          title={t('Preview: {{page}}, {{language}}', { page: pageLabel, language: languageLabel })}
          width={PHONE.width}
          height={PHONE.height}
          className={styles.preview}
          style={scale < 1 ? { transform: `scale(${scale})` } : undefined}
        />
      </div>
    </div>
  );
}
