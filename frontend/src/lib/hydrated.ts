/** Which parts of a prerendered page React has hydrated (lib/held.ts, lib/heldReplay.ts). */

/**
 * Whether React has hydrated the element: it then carries its props under a key of React's own
 * (react-dom 19's `__reactProps$…`; src/lib/held.test.tsx fails if that changes). A part of the
 * page React has not hydrated yet would lose an event, and a click on its submit button would let
 * the browser send the form itself.
 */
export const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

/**
 * The page's buttons and fields React has not hydrated yet. A deferred part is hydrated a moment
 * after its code arrives (later still on a busy phone): until then its controls stay held.
 */
export const unhydratedControls = () =>
  [...document.querySelectorAll('#root button, #root input, #root select, #root textarea')].filter((control) => !hydrated(control));
