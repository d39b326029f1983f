import { Suspense, lazy, useState, type FormEvent } from 'react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { partCode, releaseHeld, releaseWhenReady, type Held } from './held';
import { hydrated } from './hydrated';

type Sent = { email: string; agree: boolean; kind: string; note: string };

/** A form as the app writes one: controlled fields, sent by its submit handler. */
function Form({ onSend }: { onSend: (sent: Sent) => void }) {
  const [email, setEmail] = useState('');
  const [agree, setAgree] = useState(false);
  const [kind, setKind] = useState('a');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend({ email, agree, kind, note });
  };
  return (
    <form onSubmit={submit}>
      <input aria-label="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <input aria-label="agree" type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
      <select aria-label="kind" value={kind} onChange={(e) => setKind(e.target.value)}>
        <option value="a">A</option>
        <option value="b">B</option>
      </select>
      <textarea aria-label="note" value={note} onChange={(e) => setNote(e.target.value)} />
      <button type="submit">Send</button>
    </form>
  );
}

const field = <T extends Element>(label: string) => document.querySelector<T>(`[aria-label="${label}"]`)!;

/** What the boot script (scripts/boot.js) would have kept of a visitor's typing and tap. */
function typeBeforeHydration(): Held {
  field<HTMLInputElement>('email').value = 'asha@example.org';
  field<HTMLInputElement>('agree').checked = true;
  field<HTMLSelectElement>('kind').value = 'b';
  field<HTMLTextAreaElement>('note').value = 'Namaskar';
  const held: Held = {
    fields: new Map<Element, string | boolean>([
      [field('email'), 'asha@example.org'],
      [field('agree'), true],
      [field('kind'), 'b'],
      [field('note'), 'Namaskar'],
    ]),
    action: { target: document.querySelector('button')! },
  };
  window.samitiHeld = held;
  return held;
}

// react-dom/client used directly (not through Testing Library, which says so itself).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  delete window.samitiHeld;
});

async function settle() {
  await act(async () => {
    await new Promise((done) => setTimeout(done, 5));
  });
}

describe('held typing and taps', () => {
  it('puts what was typed before hydration into the form state and makes the held tap again', async () => {
    const sent: Sent[] = [];
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form onSend={(s) => sent.push(s)} />);
    document.body.append(container);
    const held = typeBeforeHydration();
    expect(hydrated(field('email'))).toBe(false);

    await act(async () => {
      root = hydrateRoot(container, <Form onSend={(s) => sent.push(s)} />);
    });
    // How the hand-over tells a hydrated element (it waits for one before it acts).
    expect(hydrated(field('email'))).toBe(true);
    // Hydration keeps the typed text in the field but not in the state: sent now, it would be empty.
    expect(field<HTMLInputElement>('email').value).toBe('asha@example.org');
    expect(sent).toEqual([]);

    await act(() => releaseHeld());
    await settle();
    expect(sent).toEqual([{ email: 'asha@example.org', agree: true, kind: 'b', note: 'Namaskar' }]);
    // Still shown after the form's renders, and released once only.
    expect(field<HTMLInputElement>('email').value).toBe('asha@example.org');
    expect(held.done).toBe(true);
    await act(() => releaseHeld());
    await settle();
    expect(sent).toHaveLength(1);
  });

  it('waits for the code of a deferred part, then hands its fields over', async () => {
    const sent: Sent[] = [];
    let arrive!: () => void;
    const code = new Promise<void>((done) => (arrive = done));
    const Part = lazy(async () => {
      await partCode(code);
      return { default: Form };
    });
    const page = (
      <main>
        <Suspense fallback={null}>
          <Part onSend={(s) => sent.push(s)} />
        </Suspense>
      </main>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <main>
        <Suspense fallback={null}>
          <Form onSend={() => {}} />
        </Suspense>
      </main>,
    );
    document.body.append(container);
    typeBeforeHydration();

    await act(async () => {
      root = hydrateRoot(container, page);
    });
    act(() => releaseWhenReady());
    await settle();
    // The part's code has not arrived: nothing is handed over yet, and nothing is lost.
    expect(sent).toEqual([]);
    expect(window.samitiHeld?.done).toBeUndefined();

    arrive();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent).toEqual([{ email: 'asha@example.org', agree: true, kind: 'b', note: 'Namaskar' }]);
  });
});
