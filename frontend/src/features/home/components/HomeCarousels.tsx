import { useTranslation } from 'react-i18next';
import { Carousel } from '@/components/ui/Carousel';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { useMediaQuery } from '@/lib/useMediaQuery';
import styles from './HomeCarousels.module.css';

/** docs/SPECIFICATION.md §9: main carousel 3 slides, autoplay 6000 ms, speed 3000 ms. */
export const MAIN_CAROUSEL = { autoplayMs: 6000, speedMs: 3000 };
/** docs/SPECIFICATION.md §9: advertisement carousel 6 images, autoplay 6000 ms, speed 1500 ms. */
export const AD_CAROUSEL = { autoplayMs: 6000, speedMs: 1500 };

// SAMPLE images and captions (public/images/home): replace with the organisation's photographs.
const slides = [
  { image: '/images/home/slide-1.svg', title: i18nKey('Welcome to our community'), text: i18nKey('Serving the community since 1935') },
  { image: '/images/home/slide-2.svg', title: i18nKey('Festivals and celebrations'), text: i18nKey('Join us for prayers, festivals and cultural programmes') },
  { image: '/images/home/slide-3.svg', title: i18nKey('Pilgrim lodge and temple services'), text: i18nKey('Book a room or an abhishek online') },
];

// SAMPLE sponsor advertisements (public/images/sponsors).
const sponsors = [1, 2, 3, 4, 5, 6].map((n) => `/images/sponsors/sponsor-${n}.svg`);

export function MainCarousel() {
  const { t } = useTranslation();
  return (
    <Carousel label={t('Highlights')} {...MAIN_CAROUSEL} className={styles.main}>
      {slides.map((slide, index) => (
        <figure key={slide.image} className={styles.slide}>
          <img
            src={slide.image}
            alt=""
            width="1600"
            height="700"
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : undefined}
            decoding="async"
          />
          <figcaption className={styles.caption}>
            <strong>{t(slide.title)}</strong>
            <span>{t(slide.text)}</span>
          </figcaption>
        </figure>
      ))}
    </Carousel>
  );
}

export function AdCarousel() {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  // Beside the main carousel on wide screens, two advertisements fill its height (the stylesheet's
  // breakpoint, HomeCarousels.module.css).
  const wide = useMediaQuery('(min-width: 900px)');
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
      {sponsors.map((src, index) => (
        <img
          key={src}
          className={styles.ad}
          src={src}
          alt={t('Sponsor advertisement {{n}}', { n: digits(index + 1) })}
          width="600"
          height="400"
          loading="lazy"
          decoding="async"
        />
      ))}
    </Carousel>
  );
}
