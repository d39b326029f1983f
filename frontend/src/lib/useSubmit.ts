import { useRef, useState, type FormEvent } from 'react';
import { useFocusFirstInvalid } from './useFocusFirstInvalid';

/**
 * The forms' submit flow. The rules are checked first; then `send` runs, with `busy` true
 * meanwhile, and returns the message for the form's alert when the server refused (after putting
 * any per-field messages on the fields), or nothing when the form is done.
 *
 * `focus` (the default): after a refusal the first invalid field takes the focus, or else the
 * element holding `failureRef` (the alert), so that a screen reader hears what went wrong.
 */
export function useSubmit(validate: () => boolean, send: () => Promise<string | void>, { focus = true } = {}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    if (!validate()) {
      if (focus) focusFirstInvalid();
      return;
    }
    setBusy(true);
    let refused: string | void;
    try {
      refused = await send();
    } finally {
      setBusy(false);
    }
    if (refused) setFailure(refused);
    if (refused !== undefined && focus) focusFirstInvalid(failureRef);
  };

  return { busy, failure, formRef, failureRef, submit };
}
