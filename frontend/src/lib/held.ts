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

import { unhydratedControls } from './hydrated';

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

/** The code that hands over what was held, fetched only when something was. */
const replayCode = () => import('./heldReplay');

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
  const held = window.samitiHeld;
  // Something already held: its code is fetched alongside the parts' code.
  if (held && !held.done && (held.fields.size || held.action)) void replayCode();
  void Promise.allSettled(parts).then(releaseHeld);
}

/** Ends the holding with nothing handed over: a page drawn by the client alone, or not at all. */
export function stopHolding() {
  if (window.samitiHeld) window.samitiHeld.done = true;
}

/**
 * Hands what was held to the app: once, after it has hydrated (later calls do nothing). The code
 * that types the values and makes the tap again is fetched only when something was held
 * (lib/heldReplay.ts); until it is there the boot script goes on holding.
 */
export function releaseHeld(): Promise<void> {
  const held = window.samitiHeld;
  if (!held || held.done) return Promise.resolve();
  if (!held.fields.size && !held.action && !unhydratedControls().length) {
    held.done = true;
    return Promise.resolve();
  }
  return replayCode().then(({ handOver }) => handOver(held));
}
