import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { todayInIndia } from '@/lib/validation';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { galleryItems, mediaItem, serveMedia } from '../testing/fakeMedia';
import GalleryPage from './GalleryPage';

const thisYear = new Date().getFullYear();
/** The year in India, which the page and the upload count from. */
const yearInIndia = Number(todayInIndia().slice(0, 4));

function optionTexts(select: HTMLElement) {
  return within(select).getAllByRole('option').map((option) => option.textContent);
}

describe('GalleryPage', () => {
  beforeEach(() => FakeWebSocket.install());

  it('offers All and every year a photo can be uploaded under: this year (in India) and the nine before', async () => {
    serveMedia({ gallery: [] });
    renderWithProviders(<GalleryPage />);
    const year = screen.getByRole('combobox', { name: 'Year' });
    expect(optionTexts(year)).toEqual(['All', ...Array.from({ length: 10 }, (_, i) => String(yearInIndia - i))]);
    expect(year).toHaveValue('');
    await screen.findByText('No photos in the gallery yet.');
  });

  it('offers the 12 months by name and All, in Marathi with Marathi names and digits', async () => {
    serveMedia({ gallery: [] });
    renderWithProviders(<GalleryPage />);
    const month = screen.getByRole('combobox', { name: 'Month' });
    expect(optionTexts(month)).toEqual(['All', 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']);
    expect(within(month).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    await screen.findByText('No photos in the gallery yet.');
  });

  it('offers Marathi month names and Devanagari years in Marathi', async () => {
    serveMedia({ gallery: [] });
    renderWithProviders(<GalleryPage />, { lng: 'mr' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('छायाचित्र दालन');
    const month = screen.getByRole('combobox', { name: 'महिना' });
    expect(optionTexts(month)).toHaveLength(13);
    expect(optionTexts(month).slice(0, 2)).toEqual(['सर्व', 'जानेवारी']);
    expect(optionTexts(month).at(-1)).toBe('डिसेंबर');
    const year = screen.getByRole('combobox', { name: 'वर्ष' });
    expect(optionTexts(year)).toHaveLength(11);
    expect(optionTexts(year)[1]).toMatch(/^[०-९]{4}$/);
    expect(optionTexts(year).at(-1)).toBe(String(yearInIndia - 9).replace(/\d/g, (d) => '०१२३४५६७८९'[Number(d)]));
    expect(await screen.findByText('दालनात अद्याप छायाचित्रे नाहीत.')).toBeInTheDocument();
  });

  it('applies the filters only with the Filter button, asks the server for them and names them in the caption', async () => {
    const user = userEvent.setup();
    const fake = serveMedia({
      gallery: [
        mediaItem(3, 'gallery', { year: thisYear - 2, month: 3, description: 'Holi in the courtyard' }),
        mediaItem(2, 'gallery', { year: thisYear - 2, month: 9 }),
        mediaItem(1, 'gallery', { year: thisYear, month: 3 }),
      ],
    });
    renderWithProviders(<GalleryPage />);
    expect(screen.getByTestId('gallery-caption')).toHaveTextContent('Showing images for: All Years > All Months');
    expect(await screen.findAllByRole('img')).toHaveLength(3);
    expect(fake.requests[0].searchParams.has('year')).toBe(false);
    expect(fake.requests[0].searchParams.has('month')).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), String(thisYear - 2));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '3');
    // Choosing is not applying.
    expect(screen.getByTestId('gallery-caption')).toHaveTextContent('All Years > All Months');
    await user.click(screen.getByRole('button', { name: 'Filter' }));

    expect(screen.getByTestId('gallery-caption')).toHaveTextContent(`Showing images for: ${thisYear - 2} > 03`);
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(1));
    expect(screen.getByRole('img', { name: 'Holi in the courtyard' })).toBeInTheDocument();
    const last = fake.requests.at(-1)!;
    expect(last.pathname).toBe('/api/gallery');
    expect(last.searchParams.get('year')).toBe(String(thisYear - 2));
    expect(last.searchParams.get('month')).toBe('3');
    expect(last.searchParams.get('page')).toBe('1');
  });

  it('filters by a month alone (that month of every year) and shows it as two digits', async () => {
    const user = userEvent.setup();
    const fake = serveMedia({ gallery: [mediaItem(2, 'gallery', { year: 2020, month: 3 }), mediaItem(1, 'gallery', { year: 2024, month: 3 })] });
    renderWithProviders(<GalleryPage />);
    await screen.findAllByRole('img');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '3');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByTestId('gallery-caption')).toHaveTextContent('Showing images for: All Years > 03');
    await waitFor(() => expect(fake.requests.at(-1)!.searchParams.get('month')).toBe('3'));
    expect(fake.requests.at(-1)!.searchParams.has('year')).toBe(false);
    expect(await screen.findAllByRole('img')).toHaveLength(2);
  });

  it('writes the caption in Marathi with Devanagari digits', async () => {
    serveMedia({ gallery: [] });
    renderWithProviders(<GalleryPage />, { lng: 'mr', route: '/gallery?year=2024&month=9' });
    expect(screen.getByTestId('gallery-caption')).toHaveTextContent('दाखवलेली छायाचित्रे: २०२४ > ०९');
    expect(screen.getByRole('combobox', { name: 'वर्ष' })).toHaveValue('2024');
    expect(await screen.findByText('या निवडीसाठी छायाचित्रे उपलब्ध नाहीत.')).toBeInTheDocument();
  });

  it('shows responsive tiles: variants in srcset, the 640 one as src, size reserved, lazy, alt from the description or "Gallery photo n"', async () => {
    serveMedia({ gallery: [mediaItem(2, 'gallery', { description: 'गणेशोत्सव २०२६' }), mediaItem(1)] });
    renderWithProviders(<GalleryPage />);
    const [first, second] = await screen.findAllByRole('img');
    expect(first).toHaveAccessibleName('गणेशोत्सव २०२६');
    expect(second).toHaveAccessibleName('Gallery photo 2');
    const name = (2).toString(16).padStart(32, '0');
    expect(first).toHaveAttribute('src', `/uploads/${name}-640.webp`);
    expect(first).toHaveAttribute('srcset', `/uploads/${name}-320.webp 320w, /uploads/${name}-640.webp 640w, /uploads/${name}-1280.webp 1280w`);
    expect(first.getAttribute('sizes')).toMatch(/100vw$/);
    expect(first).toHaveAttribute('width', '4000');
    expect(first).toHaveAttribute('height', '3000');
    expect(first).toHaveAttribute('loading', 'lazy');
    expect(first).toHaveAttribute('decoding', 'async');
  });

  it('loads more photos with "Load more" (page 2 of the same filters) until all are shown', async () => {
    const user = userEvent.setup();
    const fake = serveMedia({ gallery: galleryItems(30) });
    renderWithProviders(<GalleryPage />);
    expect(await screen.findAllByRole('img')).toHaveLength(24);
    expect(screen.getByText('Showing 24 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(30));
    expect(fake.requests.at(-1)!.searchParams.get('page')).toBe('2');
    expect(fake.requests.at(-1)!.searchParams.get('per_page')).toBe('24');
    expect(screen.getByText('Showing 30 of 30')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // Ids are unique and in the server's order.
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(Array.from({ length: 30 }, (_, i) => `Gallery photo ${i + 1}`));
  });

  it('loads the next page when the end of the grid scrolls into view', async () => {
    let observed: ((entries: Array<{ isIntersecting: boolean }>) => void) | null = null;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const fake = serveMedia({ gallery: galleryItems(30) });
    renderWithProviders(<GalleryPage />);
    expect(await screen.findAllByRole('img')).toHaveLength(24);
    act(() => observed!([{ isIntersecting: true }]));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(30));
    expect(fake.requests.at(-1)!.searchParams.get('page')).toBe('2');
    vi.unstubAllGlobals();
  });

  it('reloads when the server signals media_updated for the gallery, not for another kind', async () => {
    const lists = { gallery: [mediaItem(1)] };
    const fake = serveMedia(lists);
    renderWithProviders(<GalleryPage />);
    expect(await screen.findAllByRole('img')).toHaveLength(1);
    const socket = FakeWebSocket.instances.at(-1)!;
    act(() => socket.open());
    lists.gallery = [mediaItem(2, 'gallery', { description: 'Newly uploaded' }), mediaItem(1)];
    act(() => socket.receive({ type: 'media_updated', kind: 'magazines' }));
    expect(fake.requests).toHaveLength(1);
    act(() => socket.receive({ type: 'media_updated', kind: 'gallery' }));
    expect(await screen.findByRole('img', { name: 'Newly uploaded' })).toBeInTheDocument();
    expect(fake.requests).toHaveLength(2);
  });

  it('says so when the photos cannot be loaded, in both languages, and tries again on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fake = serveMedia({ gallery: [mediaItem(1)] });
    fake.fail = true;
    const { unmount } = renderWithProviders(<GalleryPage />, { lng: 'mr' });
    expect(await screen.findByRole('alert')).toHaveTextContent('छायाचित्रे लोड होऊ शकली नाहीत.');
    unmount();
    renderWithProviders(<GalleryPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The images could not be loaded.');
    fake.fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('img')).toHaveLength(1);
  });

  it('shows "Loading..." until the first page arrives', async () => {
    serveMedia({ gallery: [mediaItem(1)] });
    renderWithProviders(<GalleryPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await screen.findAllByRole('img');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });
});
