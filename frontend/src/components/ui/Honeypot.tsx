import { useId, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** The name the server reads the honeypot under (a JSON field, or a multipart text field). */
export const HONEYPOT_FIELD = 'website';

/**
 * A field that people never see and bots fill: an input named `website` placed off-screen
 * (`.honeypot` in shared.css: not `display: none`, which some bots skip), out of the tab order,
 * never autofilled, and hidden from screen readers with its label. Every public form sends its
 * value as `website`; the server refuses a form where it is not empty (422). The input is left
 * uncontrolled, so whatever a script puts into it is what the form sends.
 */
export function Honeypot({ ref }: { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>{t('Leave this field empty')}</label>
      <input ref={ref} id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** A form's honeypot: `ref` for `<Honeypot>`, `value()` what it holds when the form is sent. */
export function useHoneypot() {
  const ref = useRef<HTMLInputElement>(null);
  return { ref, value: () => ref.current?.value ?? '' };
}
