import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage, imageUrlFor, srcSetOf, type ImageSource } from './ResponsiveImage';

const variants = (widths: number[]) => widths.map((width) => ({ width, url: `/uploads/a-${width}.webp` }));

describe('ResponsiveImage', () => {
  const large: ImageSource = { url: '/uploads/a.jpg', width: 4000, height: 3000, variants: variants([320, 640, 1280]) };

  it('lists the variants in srcset and leaves a large original out of it', () => {
    expect(srcSetOf(large)).toBe('/uploads/a-320.webp 320w, /uploads/a-640.webp 640w, /uploads/a-1280.webp 1280w');
  });

  it('adds the original to srcset when it is wider than every variant but narrower than 1280', () => {
    expect(srcSetOf({ url: '/uploads/a.png', width: 900, height: 600, variants: variants([320, 640]) })).toBe(
      '/uploads/a-320.webp 320w, /uploads/a-640.webp 640w, /uploads/a.png 900w',
    );
  });

  it('picks the smallest variant at least as wide as asked, else the original', () => {
    expect(imageUrlFor(large, 300)).toBe('/uploads/a-320.webp');
    expect(imageUrlFor(large, 640)).toBe('/uploads/a-640.webp');
    expect(imageUrlFor(large, 1280)).toBe('/uploads/a-1280.webp');
    expect(imageUrlFor({ ...large, width: 1000, variants: variants([320, 640]) }, 1280)).toBe('/uploads/a.jpg');
    expect(imageUrlFor({ url: '/career/b.gif', width: 200, height: 100, variants: [] }, 640)).toBe('/career/b.gif');
  });

  it('renders an img without srcset when there is no variant, with its size reserved', () => {
    render(<ResponsiveImage image={{ url: '/career/b.gif', width: 200, height: 100, variants: [] }} alt="Notice" sizes="100vw" />);
    const img = screen.getByRole('img', { name: 'Notice' });
    expect(img).toHaveAttribute('src', '/career/b.gif');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect(img).toHaveAttribute('width', '200');
    expect(img).toHaveAttribute('height', '100');
    expect(img).toHaveAttribute('loading', 'lazy');
  });
});
