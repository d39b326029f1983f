/**
 * What a visitor did to a prerendered page before its code ran, handed to the app. The boot
 * script (scripts/boot.js, the page's first script) keeps it from the first paint on: every
 * field's value as typed (the browser keeps it in the field too) and the last tap on a button or
 * the last submission, held rather than lost, and rather than sent by the browser as a plain GET
 * with the visitor's details in the address. Once the app has hydrated (`releaseHeld`, from the
 * app's first effects) the values are typed into the app's state (React kept the field's text at
 * hydration but not in its state, which would empty the field at its next render) and the held
 * tap is made again.
 */

export type HeldAction = { target: Element; submitter?: HTMLElement | null };
export type Held = {
  /** Each field the visitor changed, with its value (`checked` for a check box or a radio). */
  fields: Map<Element, string | boolean>;
  action: HeldAction | null;
  /** Set once released: the boot script then holds nothing more. */
  done?: boolean;
};

declare global {
  interface Window {
    samitiHeld?: Held;
  }
}

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

/** The code of the page's deferred parts (lib/deferred.tsx), which what was held waits for. */
const parts: Promise<unknown>[] = [];

/**
 * Notes the code of a deferred part of the page: what was held is handed over once it has
 * arrived, since React can only give an event to a part whose code it has.
 */
export function partCode<T>(code: Promise<T>): Promise<T> {
  parts.push(code);
  return code;
}

/** `releaseHeld` once the code of every deferred part drawn so far has arrived (or failed). */
export function releaseWhenReady() {
  void Promise.allSettled(parts).then(releaseHeld);
}

/**
 * Hands what was held to the app: once, after it has hydrated (later calls do nothing). The boot
 * script stops holding at once; the tap is made again after the typed values have reached the
 * app's state.
 */
export function releaseHeld() {
  const held = window.samitiHeld;
  if (!held || held.done) return;
  held.done = true;
  for (const [field, kept] of held.fields) restoreField(field, kept);
  held.fields.clear();
  const { action } = held;
  held.action = null;
  if (action) setTimeout(() => replay(action), 0);
}
