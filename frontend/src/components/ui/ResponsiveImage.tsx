import type { ImgHTMLAttributes } from 'react';

/** An uploaded image: its original and the resized WebP variants the server made of it. */
export type ImageSource = {
  url: string;
  width?: number | null;
  height?: number | null;
  variants: Array<{ width: number; url: string }>;
};

/**
 * The URL to show at about `width` CSS pixels wide: the smallest variant at least that wide,
 * else the original (for overlays: the 1280 variant, or the original when it is not wider).
 */
export function imageUrlFor(image: ImageSource, width: number): string {
  if (image.width && image.width <= width) return image.url;
  const sorted = [...image.variants].sort((a, b) => a.width - b.width);
  return (sorted.find((v) => v.width >= width) ?? sorted.at(-1))?.url ?? image.url;
}

/** `srcset` from the variants; the original joins them only when no variant covers large screens. None without variants. */
export function srcSetOf(image: ImageSource): string | undefined {
  const sorted = [...image.variants].sort((a, b) => a.width - b.width);
  const entries = sorted.map((v) => `${v.url} ${v.width}w`);
  const largest = sorted.at(-1)?.width ?? 0;
  if (entries.length > 0 && image.width && image.width > largest && largest < 1280) entries.push(`${image.url} ${image.width}w`);
  return entries.length > 0 ? entries.join(', ') : undefined;
}

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height' | 'alt'> & {
  image: ImageSource;
  /** Always meaningful: the item's description or a translated fallback. */
  alt: string;
  /** How wide the image is shown, for the browser's choice in `srcset`. */
  sizes: string;
  /** Width to use for `src` when the browser ignores `srcset`. */
  fallbackWidth?: number;
};

/**
 * An uploaded image that loads the smallest fitting variant, lazily, and reserves its space
 * from the original's width and height so nothing shifts while it loads.
 */
export function ResponsiveImage({ image, alt, sizes, fallbackWidth = 640, loading = 'lazy', decoding = 'async', ...rest }: Props) {
  const srcSet = srcSetOf(image);
  return (
    <img
      src={imageUrlFor(image, fallbackWidth)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      alt={alt}
      loading={loading}
      decoding={decoding}
      {...rest}
    />
  );
}
