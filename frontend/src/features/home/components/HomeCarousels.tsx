import { useTranslation } from 'react-i18next';
import { Carousel } from '@/components/ui/Carousel';
import { useLanguage } from '@/lib/useLanguage';
import { useSite } from '@/lib/siteContent';
import { useMediaQuery } from '@/lib/useMediaQuery';
import styles from './HomeCarousels.module.css';

/** docs/SPECIFICATION.md §9: main carousel 3 slides, autoplay 6000 ms, speed 3000 ms. */
export const MAIN_CAROUSEL = { autoplayMs: 6000, speedMs: 3000 };
/** docs/SPECIFICATION.md §9: advertisement carousel 6 images, autoplay 6000 ms, speed 1500 ms. */
export const AD_CAROUSEL = { autoplayMs: 6000, speedMs: 1500 };

/** The slides of the site content: each an image with its title and text. */
export function MainCarousel() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { slides } = useSite();
  if (slides.length === 0) return null;
  return (
    <Carousel label={t('Highlights')} {...MAIN_CAROUSEL} className={styles.main}>
      {slides.map((slide, index) => (
        <figure key={index} className={styles.slide}>
          <img
            src={slide.image}
            alt=""
            width="1600"
            height="700"
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : undefined}
            decoding="async"
          />
          <figcaption className={styles.caption} lang={lang}>
            <strong>{slide.title[lang]}</strong>
            <span>{slide.text[lang]}</span>
          </figcaption>
        </figure>
      ))}
    </Carousel>
  );
}

/** The sponsors of the site content: each an image, its name the alternative text. */
export function AdCarousel() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { sponsors } = useSite();
  // Beside the main carousel on wide screens, two advertisements fill its height (the stylesheet's
  // breakpoint, HomeCarousels.module.css).
  const wide = useMediaQuery('(min-width: 900px)');
  if (sponsors.length === 0) return null;
  return (
    <Carousel
      label={t('Our sponsors')}
      {...AD_CAROUSEL}
      vertical
      visible={wide ? 2 : 1}
      maxVisible={2}
      arrows={false}
      dots={false}
      className={styles.ads}
    >
      {sponsors.map((sponsor, index) => (
        <img
          key={index}
          className={styles.ad}
          src={sponsor.image}
          alt={sponsor.name[lang]}
          width="600"
          height="400"
          loading="lazy"
          decoding="async"
        />
      ))}
    </Carousel>
  );
}
