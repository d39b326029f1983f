/**
 * The home page's carousels show the published content's slides (image, title and text in the
 * page's language) and sponsors (image, the name as its alternative text), and nothing at all
 * when the content has none.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { changedSite } from '@/test/sampleSite';
import { AdCarousel, MainCarousel } from './HomeCarousels';

const content = changedSite((c) => {
  c.slides = [
    { image: '/uploads/site/diwali.jpg', title: { en: 'Diwali at the temple', mr: 'मंदिरात दिवाळी' }, text: { en: 'Lamps and songs', mr: 'दिवे आणि गाणी' } },
    { image: '/uploads/site/yatra.jpg', title: { en: 'The yearly yatra', mr: 'वार्षिक यात्रा' }, text: { en: 'To Alandi on foot', mr: 'पायी आळंदीला' } },
  ];
  c.sponsors = [
    { image: '/uploads/site/bank.png', name: { en: 'Sahakari Bank', mr: 'सहकारी बँक' } },
    { image: '/uploads/site/sweets.png', name: { en: 'Joshi Sweets', mr: 'जोशी मिठाई' } },
  ];
});

describe('the slides', () => {
  it('show each slide of the content with its image, title and text in Marathi', () => {
    renderWithProviders(<MainCarousel />, { lng: 'mr', site: content });
    expect(screen.getAllByText('मंदिरात दिवाळी').length).toBeGreaterThan(0);
    expect(screen.getAllByText('दिवे आणि गाणी').length).toBeGreaterThan(0);
    expect(screen.getAllByText('वार्षिक यात्रा').length).toBeGreaterThan(0);
    expect(screen.queryByText('Diwali at the temple')).toBeNull();
    // (The infinite carousel draws copies of the slides too: the set of images is the content's.)
    const images = new Set([...document.querySelectorAll('figure img')].map((img) => img.getAttribute('src')));
    expect(images).toEqual(new Set(['/uploads/site/diwali.jpg', '/uploads/site/yatra.jpg']));
  });

  it('draw nothing when the content has no slide', () => {
    const { container } = renderWithProviders(<MainCarousel />, { site: changedSite((c) => void (c.slides = [])) });
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the sponsors', () => {
  it('show each sponsor’s image with its name as the alternative text', () => {
    renderWithProviders(<AdCarousel />, { site: content });
    expect(screen.getAllByAltText('Sahakari Bank')[0]).toHaveAttribute('src', '/uploads/site/bank.png');
    expect(screen.getAllByAltText('Joshi Sweets')[0]).toHaveAttribute('src', '/uploads/site/sweets.png');
  });

  it('draw nothing when the content has no sponsor', () => {
    const { container } = renderWithProviders(<AdCarousel />, { site: changedSite((c) => void (c.sponsors = [])) });
    expect(container).toBeEmptyDOMElement();
  });
});
