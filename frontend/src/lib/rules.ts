/**
 * TEMPORARY copy of the server's rule tables until `bindings/validationRules.ts` and
 * `bindings/Rule.ts` are committed; then this file only re-exports them (one source of rules).
 */
export type Rule =
  | { kind: 'required'; message: string }
  | { kind: 'letters'; message: string }
  | { kind: 'digits'; message: string }
  | { kind: 'exactDigits'; length: number; message: string }
  | { kind: 'email'; message: string }
  | { kind: 'minLength'; min: number; message: string }
  | { kind: 'maxLength'; max: number; message: string }
  | { kind: 'noEmoji'; message: string }
  | { kind: 'minNumber'; min: number; message: string }
  | { kind: 'date'; message: string }
  | { kind: 'notPast'; message: string }
  | { kind: 'after'; field: string; message: string }
  | { kind: 'oneOf'; values: Array<string>; message: string }
  | { kind: 'emailOrMobile'; message: string };

export type FormRules = Record<string, Array<Rule>>;

export const validationRules = {
  adminCredentials: {
    email: [
      { kind: 'required', message: 'Email is required' },
      { kind: 'email', message: 'Invalid email address.' },
    ],
    password: [
      { kind: 'required', message: 'Password is required' },
      { kind: 'minLength', min: 6, message: 'Password must be at least 6 characters.' },
    ],
  },
  contact: {
    full_name: [
      { kind: 'required', message: 'Full name is required' },
      { kind: 'maxLength', max: 100, message: 'Maximum 100 characters allowed' },
      { kind: 'noEmoji', message: 'Emojis are not allowed' },
    ],
    email: [
      { kind: 'required', message: 'Email is required' },
      { kind: 'email', message: 'Invalid email format' },
    ],
    message: [
      { kind: 'required', message: 'Message is required' },
      { kind: 'maxLength', max: 2000, message: 'Maximum 2000 characters allowed' },
    ],
  },
  notification: {
    message: [
      { kind: 'required', message: 'Notification message is required' },
      { kind: 'maxLength', max: 500, message: 'Maximum 500 characters allowed' },
    ],
  },
  subscriber: {
    value: [
      { kind: 'required', message: 'Please enter email or mobile' },
      { kind: 'emailOrMobile', message: 'Enter a valid email address or 10-digit mobile number.' },
    ],
  },
} satisfies Record<string, FormRules>;
