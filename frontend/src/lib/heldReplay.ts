/**
 * Hands a page's held typing and tap to the app (lib/held.ts): fetched only when the visitor
 * did something before the page's code ran.
 */
import type { Held, HeldAction } from './held';
import { hydrated, unhydratedControls } from './hydrated';

/** The value setter of the element's own kind, which React's value tracker does not see. */
function setNative(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
}

const fire = (field: Element, type: string) => field.dispatchEvent(new Event(type, { bubbles: true }));

/** Types a kept value into its field the way the visitor would have, so that React hears it. */
export function restoreField(field: Element, kept: string | boolean) {
  if (!field.isConnected) return;
  // A field in a part React has not hydrated yet: an event hydrates it (and React notes the
  // field's value then), so that the change below is one it hears.
  fire(field, 'input');
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (kept !== true && field.type === 'radio') return;
    // React hears a check box by its click, and only when `checked` differs from what it noted.
    field.checked = !kept;
    field.click();
  } else if (field instanceof HTMLInputElement && field.type === 'file') {
    if (field.files?.length) fire(field, 'change');
  } else if (field instanceof HTMLSelectElement) {
    setNative(field, String(kept));
    fire(field, 'change');
  } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    const value = String(kept);
    // Through the element's own setter React notes another value first; then the kept one,
    // set past it, is a change it answers (onChange) like a typed one.
    field.value = value === '' ? ' ' : '';
    setNative(field, value);
    fire(field, 'input');
  }
}

/** Makes the held tap or submission again, on the page the app now runs. */
export function replay({ target, submitter }: HeldAction) {
  if (!target.isConnected) return;
  if (target instanceof HTMLFormElement) {
    // A click rather than a submit event where there is a button: React hydrates a part for a
    // click, not for a submit event.
    const button = submitter?.isConnected ? submitter : target.querySelector<HTMLElement>('[type=submit]');
    if (button) button.click();
    else target.requestSubmit();
  } else if (target instanceof HTMLElement) {
    target.click();
  }
}

/** How long the hand-over waits for React to hydrate the held elements' parts. */
const HYDRATION_WAIT_MS = 15_000;

/**
 * Once React has hydrated every held element and every control of the page (the boot script
 * goes on holding meanwhile: a tap on a part not hydrated yet would be lost), stops the holding,
 * types the kept values into the app's state, then makes the held tap again.
 */
export function handOver(held: Held, deadline = performance.now() + HYDRATION_WAIT_MS) {
  if (held.done) return;
  const elements = [...held.fields.keys(), held.action?.target];
  const waiting = elements.some((element) => element?.isConnected && !hydrated(element)) || unhydratedControls().length > 0;
  if (waiting && performance.now() < deadline) {
    setTimeout(() => handOver(held, deadline), 50);
    return;
  }
  held.done = true;
  for (const [field, kept] of held.fields) restoreField(field, kept);
  held.fields.clear();
  const { action } = held;
  held.action = null;
  // After the typed values have reached the state (React answers each input at once).
  if (action) setTimeout(() => replay(action), 0);
}
