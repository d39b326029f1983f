import type { ComponentPropsWithRef } from 'react';
import { Link, type LinkProps } from 'react-router';
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
 * A button. On a prerendered page it can be tapped from the first paint: a tap made before the
 * page's code runs is held and made again once it has (scripts/boot.js, lib/held.ts).
 */
export function Button({ variant = 'primary', size = 'md', busy = false, className, type = 'button', disabled, children, ...rest }: Props) {
  return (
    <button
      type={type}
      className={classesOf(variant, size, className)}
      disabled={disabled || busy}
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
