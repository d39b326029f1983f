import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Carousel } from './Carousel';

const current = () => screen.getAllByRole('button', { name: /Go to slide/ }).findIndex((b) => b.getAttribute('aria-current') === 'true') + 1;
const shown = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .filter((g) => g.getAttribute('aria-hidden') !== 'true')
    .map((g) => g.textContent);

describe('Carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const slides = ['One', 'Two', 'Three'].map((s) => <p key={s}>{s}</p>);

  it('autoplays every 6000 ms and loops forever', () => {
    renderWithProviders(
      <Carousel label="Highlights" autoplayMs={6000} speedMs={3000}>
        {slides}
      </Carousel>,
    );
    expect(current()).toBe(1);
    expect(shown()).toEqual(['One']);
    act(() => vi.advanceTimersByTime(5999));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(2);
    act(() => vi.advanceTimersByTime(6000));
    expect(current()).toBe(3);
    act(() => vi.advanceTimersByTime(6000));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(3100));
    expect(shown()).toEqual(['One']);
  });

  it('moves with the arrows and dots, wrapping both ways', () => {
    renderWithProviders(
      <Carousel label="Highlights" speedMs={3000}>
        {slides}
      </Carousel>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toBe(3);
    act(() => vi.advanceTimersByTime(3100));
    expect(shown()).toEqual(['Three']);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(3100));
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    expect(current()).toBe(2);
    expect(shown()).toEqual(['Two']);
  });

  it('pauses while hovered', () => {
    renderWithProviders(
      <Carousel label="Ads" autoplayMs={6000} speedMs={1500} arrows={false}>
        {slides}
      </Carousel>,
    );
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Ads' }));
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe(1);
    fireEvent.mouseLeave(screen.getByRole('region', { name: 'Ads' }));
    act(() => vi.advanceTimersByTime(6000));
    expect(current()).toBe(2);
  });

  it('shows several slides at once when asked', () => {
    renderWithProviders(
      <Carousel label="Ads" visible={2} vertical arrows={false} dots={false} autoplayMs={6000} speedMs={1500}>
        {slides}
      </Carousel>,
    );
    expect(shown()).toEqual(['One', 'Two']);
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()).toEqual(['Two', 'Three']);
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()).toEqual(['Three', 'One']);
    act(() => vi.advanceTimersByTime(6000));
    act(() => vi.advanceTimersByTime(1600));
    expect(shown()).toEqual(['One', 'Two']);
  });

  it('keeps its track when the width it learns shows more slides than it was drawn for (a prerendered page on a wide screen)', () => {
    const draw = (visible: number) => (
      <Carousel label="Ads" visible={visible} maxVisible={2} vertical arrows={false} dots={false} className="ads">
        {slides}
      </Carousel>
    );
    const { container, rerender } = renderWithProviders(draw(1));
    const track = () => container.querySelector('section > div > div') as HTMLElement;
    const drawn = { slides: track().children.length, transform: track().style.transform };
    expect(shown()).toEqual(['One']);
    rerender(draw(2));
    // The same slides at the same place: the stylesheet sized them already; only what is
    // announced as in view follows.
    expect(track().children.length).toBe(drawn.slides);
    expect(track().style.transform.replace(/, \d\)/, ')')).toBe(drawn.transform.replace(/, \d\)/, ')'));
    expect(track().style.transform).toContain('var(--carousel-visible');
    expect(shown()).toEqual(['One', 'Two']);
  });
});
