import { act, render, renderHook, screen, fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_MAX_AGE_DAYS, useDraft } from './useDraft';

const KEY = 'testDraft';
type Values = { name: string; city: string };
const empty: Values = { name: '', city: '' };
const read = (stored: unknown): Values | null =>
  typeof stored === 'object' && stored !== null && typeof (stored as Values).name === 'string' ? { ...empty, ...(stored as Values) } : null;
const isEmpty = (values: Values) => !values.name && !values.city;

const store = (value: unknown, savedAt = Date.now()) => localStorage.setItem(KEY, JSON.stringify({ savedAt, value }));
const stored = () => {
  const text = localStorage.getItem(KEY);
  return text === null ? null : (JSON.parse(text) as { savedAt: number; value: unknown }).value;
};

/** A small form with a draft: a name field, the name as text (React checks text when it hydrates), and a Clear button. */
function Form() {
  const [values, setValues] = useState<Values>(empty);
  const draft = useDraft(KEY, values, { read, restore: setValues, isEmpty });
  return (
    <form>
      <p>Hello {values.name || 'stranger'}</p>
      <label>
        Name
        <input value={values.name} onChange={(event) => setValues((v) => ({ ...v, name: event.target.value }))} />
      </label>
      <button
        type="button"
        onClick={() => {
          draft.clear();
          setValues(empty);
        }}
      >
        Clear
      </button>
    </form>
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useDraft', () => {
  it('keeps what is typed and brings it back on the next visit', () => {
    const first = render(<Form />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Asha' } });
    expect(stored()).toEqual({ name: 'Asha', city: '' });
    first.unmount();

    render(<Form />);
    expect(screen.getByLabelText('Name')).toHaveValue('Asha');
  });

  it('restores after hydration, so the page hydrates the prerendered empty form without a mismatch', async () => {
    store({ name: 'Asha', city: 'Pune' });
    // What the build prerenders: no storage there, so the empty form.
    const html = renderToString(<Form />);
    expect(html).toContain('value=""');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Form />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.querySelector('input')).toHaveValue('Asha');
    expect(container.querySelector('p')).toHaveTextContent('Hello Asha');
    // Restoring writes nothing new: the stored draft is the same.
    expect(stored()).toEqual({ name: 'Asha', city: 'Pune' });
    act(() => root!.unmount());
    container.remove();
  });

  it('does not replace the stored draft with the empty form of the first render', () => {
    store({ name: 'Asha', city: '' });
    const restore = vi.fn();
    // A form that ignores the restore: its empty values must not wipe the stored draft.
    renderHook(() => useDraft(KEY, empty, { read, restore, isEmpty }));
    expect(restore).toHaveBeenCalledTimes(1);
    expect(restore).toHaveBeenCalledWith({ name: 'Asha', city: '' });
    expect(stored()).toEqual({ name: 'Asha', city: '' });
  });

  it('removes the draft when the form is emptied again, and on clear()', () => {
    const first = render(<Form />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    expect(localStorage.getItem(KEY)).toBeNull();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ravi' } });
    expect(stored()).toEqual({ name: 'Ravi', city: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(localStorage.getItem(KEY)).toBeNull();
    first.unmount();
    render(<Form />);
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it(`drops a draft older than ${DRAFT_MAX_AGE_DAYS} days, an unreadable one and one the form does not know`, () => {
    const restore = vi.fn();
    store({ name: 'Old' }, Date.now() - (DRAFT_MAX_AGE_DAYS + 1) * 86_400_000);
    renderHook(() => useDraft(KEY, empty, { read, restore, isEmpty })).unmount();
    localStorage.setItem(KEY, '{not json');
    renderHook(() => useDraft(KEY, empty, { read, restore, isEmpty })).unmount();
    store(['a list, not the form']);
    renderHook(() => useDraft(KEY, empty, { read, restore, isEmpty })).unmount();
    expect(restore).not.toHaveBeenCalled();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('keeps a draft younger than that', () => {
    const restore = vi.fn();
    store({ name: 'Recent', city: '' }, Date.now() - (DRAFT_MAX_AGE_DAYS - 1) * 86_400_000);
    renderHook(() => useDraft(KEY, empty, { read, restore, isEmpty }));
    expect(restore).toHaveBeenCalledWith({ name: 'Recent', city: '' });
  });

  it('works without storage (refused in private mode): no draft, no error', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('refused');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('refused');
    });
    render(<Form />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Asha' } });
    expect(screen.getByLabelText('Name')).toHaveValue('Asha');
  });
});
