import type { Ref } from 'react';

type Props = {
  /** The form's refusal (already translated); nothing is drawn while it is empty. */
  message: string | null | undefined;
  /** The page's spacing. */
  className?: string;
  /** Given when the form moves the focus to the message (useSubmit's failureRef). */
  ref?: Ref<HTMLParagraphElement>;
};

/** Why a form was refused, in a red box announced as an alert. */
export function FormAlert({ message, className, ref }: Props) {
  if (!message) return null;
  return (
    <p ref={ref} tabIndex={ref ? -1 : undefined} className={className ? `message-error ${className}` : 'message-error'} role="alert">
      {message}
    </p>
  );
}
