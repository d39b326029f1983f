import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Lightbox, type LightboxItem } from './Lightbox';

const item = (n: number, width = 4000): LightboxItem => ({
  key: n,
  image: {
    url: `/uploads/photo${n}.jpg`,
    width,
    height: 3000,
    variants: [320, 640, 1280].filter((w) => w < width).map((w) => ({ width: w, url: `/uploads/photo${n}-${w}.webp` })),
  },
  alt: `Photo ${n}`,
  caption: n === 2 ? 'Palkhi procession' : undefined,
});

/** Openers for three photos, like the gallery's tiles, and the lightbox they open. */
function Harness({ navigation = true, items = [item(1), item(2), item(3)] }: { navigation?: boolean; items?: LightboxItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      {items.map((entry, index) => (
        <button key={entry.key} type="button" onClick={() => setOpen(index)}>
          {`open ${entry.alt}`}
        </button>
      ))}
      <Lightbox items={items} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} label="Gallery photo" navigation={navigation} />
    </>
  );
}

const shown = () => screen.getByRole('dialog', { name: 'Gallery photo' }).querySelector('img')!;

describe('Lightbox', () => {
  it('shows the 1280 variant, the caption and a link to the original', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'open Photo 2' }));
    expect(shown()).toHaveAttribute('src', '/uploads/photo2-1280.webp');
    expect(shown()).toHaveAccessibleName('Photo 2');
    expect(screen.getByText('Palkhi procession')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the original image' })).toHaveAttribute('href', '/uploads/photo2.jpg');
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
  });

  it('shows the original when it is not wider than 1280 px', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness items={[item(1, 900), item(2)]} />);
    await user.click(screen.getByRole('button', { name: 'open Photo 1' }));
    expect(shown()).toHaveAttribute('src', '/uploads/photo1.jpg');
  });

  it('wraps around with the buttons: next from the last is the first, previous from the first is the last', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'open Photo 3' }));
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shown()).toHaveAccessibleName('Photo 1');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(shown()).toHaveAccessibleName('Photo 3');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(shown()).toHaveAccessibleName('Photo 2');
  });

  it('moves with ArrowRight and ArrowLeft, wrapping both ways', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'open Photo 1' }));
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toHaveAccessibleName('Photo 3');
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAccessibleName('Photo 1');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(shown()).toHaveAccessibleName('Photo 3');
  });

  it('moves on a swipe: right to left shows the next photo, left to right the previous', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'open Photo 3' }));
    const stage = screen.getByTestId('lightbox-stage');
    fireEvent.touchStart(stage, { touches: [{ clientX: 300, clientY: 200 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 120, clientY: 210 }] });
    expect(shown()).toHaveAccessibleName('Photo 1');
    fireEvent.touchStart(stage, { touches: [{ clientX: 100, clientY: 200 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 260, clientY: 190 }] });
    expect(shown()).toHaveAccessibleName('Photo 3');
    // A short or mostly vertical move is not a swipe.
    fireEvent.touchStart(stage, { touches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 150, clientY: 400 }] });
    expect(shown()).toHaveAccessibleName('Photo 3');
  });

  it('keeps focus inside while open and gives it back to the opener when Escape closes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const opener = screen.getByRole('button', { name: 'open Photo 2' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Gallery photo' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('gives focus back to the opener also after moving to other photos and closing with the button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const opener = screen.getByRole('button', { name: 'open Photo 1' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('as a single-image overlay has no previous or next, ignores the arrow keys and closes on the backdrop', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness navigation={false} />);
    await user.click(screen.getByRole('button', { name: 'open Photo 2' }));
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous image' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAccessibleName('Photo 2');
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks Marathi: button names and the position in Devanagari digits', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />, { lng: 'mr' });
    await user.click(screen.getByRole('button', { name: 'open Photo 3' }));
    expect(screen.getByRole('button', { name: 'पुढील छायाचित्र' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'मागील छायाचित्र' })).toBeInTheDocument();
    expect(screen.getByText('३ पैकी ३')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'मूळ छायाचित्र उघडा' })).toBeInTheDocument();
  });
});
