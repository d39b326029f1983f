import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { mediaItem, serveMedia } from '../testing/fakeMedia';
import CareerPage from './CareerPage';
import MagazinesPage from './MagazinesPage';
import { EventStrip } from './EventStrip';

const pages = [
  { kind: 'magazines', Page: MagazinesPage, title: 'Magazines', marathiTitle: 'मासिके', fallback: 'Magazine 2', viewer: 'Magazine', empty: 'No magazines to show yet.', marathiEmpty: 'सध्या दाखवण्यासाठी कोणतेही अंक नाहीत.' },
  { kind: 'career', Page: CareerPage, title: 'Employment', marathiTitle: 'रोजगार', fallback: 'Employment notice 2', viewer: 'Employment notice', empty: 'No employment notices to show yet.', marathiEmpty: 'सध्या दाखवण्यासाठी नोकरीविषयक जाहिराती नाहीत.' },
] as const;

describe.each(pages)('the $kind page', ({ kind, Page, title, marathiTitle, fallback, viewer, empty, marathiEmpty }) => {
  beforeEach(() => FakeWebSocket.install());

  it('lists the images of its own kind, newest first, from their variants', async () => {
    const fake = serveMedia({ [kind]: [mediaItem(2, kind, { description: 'Diwali issue' }), mediaItem(1, kind)] });
    renderWithProviders(<Page />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const images = await screen.findAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Diwali issue', fallback]);
    expect(images[0].getAttribute('src')).toBe(`/${kind}/${(2).toString(16).padStart(32, '0')}-640.webp`);
    expect(fake.requests[0].pathname).toBe(`/api/${kind}`);
  });

  it('opens the full-size overlay on a click and closes it with the close button, the backdrop and Escape', async () => {
    const user = userEvent.setup();
    serveMedia({ [kind]: [mediaItem(1, kind, { description: 'Notice' })] });
    renderWithProviders(<Page />);
    const tile = await screen.findByRole('button', { name: 'Notice' });

    await user.click(tile);
    // The overlay's code arrives on the first opening (LazyOverlays).
    const dialog = await screen.findByRole('dialog', { name: viewer });
    expect(dialog.querySelector('img')).toHaveAttribute('src', `/${kind}/${(1).toString(16).padStart(32, '0')}-1280.webp`);
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(tile).toHaveFocus();

    await user.click(tile);
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(tile);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(tile).toHaveFocus();
  });

  it('says when there is nothing to show, in English and Marathi', async () => {
    serveMedia({ [kind]: [] });
    const { unmount } = renderWithProviders(<Page />);
    expect(await screen.findByText(empty)).toBeInTheDocument();
    unmount();
    renderWithProviders(<Page />, { lng: 'mr' });
    expect(screen.getByRole('heading', { level: 1, name: marathiTitle })).toBeInTheDocument();
    expect(await screen.findByText(marathiEmpty)).toBeInTheDocument();
  });
});

describe('a magazine sent as a PDF', () => {
  beforeEach(() => FakeWebSocket.install());

  const name = (6).toString(16).padStart(32, '0');
  const issue = mediaItem(6, 'magazines', {
    description: 'Diwali issue',
    image: `${name}.pdf`,
    url: `/magazines/${name}.pdf`,
    content_type: 'application/pdf',
    width: 1300,
    height: 1820,
  });

  it('is its first page, a link that opens the PDF in a new tab, in English and Marathi', async () => {
    const user = userEvent.setup();
    serveMedia({ magazines: [issue, mediaItem(5, 'magazines', { description: 'Cover' })] });
    const { unmount } = renderWithProviders(<MagazinesPage />);
    const link = await screen.findByRole('link', { name: 'Diwali issue (PDF, opens in a new tab)' });
    expect(link).toHaveAttribute('href', `/magazines/${name}.pdf`);
    expect(link).toHaveAttribute('type', 'application/pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link).toHaveTextContent('PDF');
    // The cover is drawn from the page's WebP copies; the PDF is never an image's source.
    const cover = within(link).getByRole('img');
    expect(cover).toHaveAttribute('src', `/magazines/${name}-640.webp`);
    expect([cover.getAttribute('src'), cover.getAttribute('srcset')].join(' ')).not.toContain('.pdf');
    expect(cover).toHaveAttribute('width', '1300');
    // An image magazine still opens in the overlay.
    await user.click(screen.getByRole('button', { name: 'Cover' }));
    expect(await screen.findByRole('dialog', { name: 'Magazine' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    unmount();

    renderWithProviders(<MagazinesPage />, { lng: 'mr' });
    const marathi = await screen.findByRole('link', { name: 'Diwali issue (पीडीएफ, नवीन टॅबमध्ये उघडते)' });
    expect(marathi).toHaveTextContent('पीडीएफ');
  });
});

describe('the home page event strip', () => {
  beforeEach(() => FakeWebSocket.install());

  it('shows posters from the 320 variant sized to their shown width, and opens the large one in an overlay', async () => {
    const user = userEvent.setup();
    serveMedia({ events: [mediaItem(5, 'events', { width: 2000, height: 3000 })] });
    renderWithProviders(<EventStrip />);
    const poster = await screen.findByRole('img', { name: 'Event poster 1' });
    const name = (5).toString(16).padStart(32, '0');
    expect(poster).toHaveAttribute('src', `/uploads/${name}-320.webp`);
    expect(poster).toHaveAttribute('srcset', expect.stringContaining(`/uploads/${name}-640.webp 640w`));
    // 220 px high at 2:3 is 147 px wide.
    expect(poster).toHaveAttribute('sizes', '147px');
    await user.click(screen.getByRole('button', { name: 'Event poster 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Event poster' });
    expect(dialog.querySelector('img')).toHaveAttribute('src', `/uploads/${name}-1280.webp`);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reloads the posters when the server signals media_updated for events', async () => {
    const lists = { events: [mediaItem(1, 'events')] };
    serveMedia(lists);
    renderWithProviders(<EventStrip />);
    await screen.findByRole('img', { name: 'Event poster 1' });
    const socket = FakeWebSocket.instances.at(-1)!;
    lists.events = [mediaItem(2, 'events', { description: 'Rathotsav' }), mediaItem(1, 'events')];
    act(() => socket.receive({ type: 'media_updated', kind: 'events' }));
    expect(await screen.findByRole('img', { name: 'Rathotsav' })).toBeInTheDocument();
  });
});
