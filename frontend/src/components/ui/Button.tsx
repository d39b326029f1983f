import type { ComponentPropsWithRef } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useHydrated } from '@/lib/useHydrated';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

type Props = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  busy?: boolean;
};

const classesOf = (variant: ButtonVariant, size: 'md' | 'sm', className?: string) =>
  [styles.button, styles[variant], size === 'sm' ? styles.small : '', className ?? ''].filter(Boolean).join(' ');

/**
 * A prerendered form cannot be sent before the page's code has arrived (the browser would send it
 * as a plain GET, the visitor's details in the address): its submit button waits, disabled.
 */
export function Button({ variant = 'primary', size = 'md', busy = false, className, type = 'button', disabled, children, ...rest }: Props) {
  const hydrated = useHydrated();
  const waiting = type === 'submit' && !hydrated;
  return (
    <button
      type={type}
      className={classesOf(variant, size, className)}
      disabled={disabled || busy || waiting}
      aria-busy={busy || undefined}
      {...rest}
    >
      {children}
    </button>
  );
}

/** A link that looks like a button (e.g. a row's View), for navigation rather than an action. */
export function ButtonLink({ variant = 'secondary', size = 'md', className, ...rest }: LinkProps & { variant?: ButtonVariant; size?: 'md' | 'sm' }) {
  return <Link className={classesOf(variant, size, className)} {...rest} />;
}
