import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import styles from './Dialog.module.css';

type Props = {
  open: boolean;
  onClose: () => void;
  /** Heading (already translated); also the dialog's accessible name. */
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  children: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  /** Close when the backdrop is clicked (default true). */
  closeOnBackdrop?: boolean;
  /** Show the × close button in the corner (default true). */
  showClose?: boolean;
  /** `media` shows a full-size image with a dark backdrop; `wide` gives a long form room. */
  variant?: 'default' | 'media' | 'wide';
  /** Element to focus first; defaults to the first focusable element. */
  initialFocus?: React.RefObject<HTMLElement | null>;
};

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/**
 * A modal dialog: rendered into <body>, focus moves into it and is trapped there, Escape and
 * (optionally) a backdrop click close it, and focus returns to where it was on close.
 */
export function Dialog({
  open,
  onClose,
  title,
  ariaLabel,
  children,
  footer,
  closeOnBackdrop = true,
  showClose = true,
  variant = 'default',
  initialFocus,
}: Props) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = initialFocus?.current ?? panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    first?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
      const list = items.length ? items : [panel];
      const firstItem = list[0];
      const lastItem = list[list.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !panel.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !panel.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open, initialFocus]);

  if (!open) return null;

  return createPortal(
    <div
      className={`${styles.backdrop} ${variant === 'media' ? styles.mediaBackdrop : ''}`}
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
      data-testid="dialog-backdrop"
    >
      <div
        ref={panelRef}
        className={`${styles.panel} ${variant === 'media' ? styles.mediaPanel : variant === 'wide' ? styles.widePanel : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : ariaLabel}
        tabIndex={-1}
      >
        {showClose ? (
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('Close')}>
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
        {title ? (
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
        ) : null}
        <div className={styles.body}>{children}</div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
