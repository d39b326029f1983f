import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styles from './TextField.module.css';

type Common = {
  /** The visible label (already translated). */
  label: ReactNode;
  /** The field's error message (already translated); shown under the field. */
  error?: string;
  /** Help text under the field (already translated). */
  hint?: ReactNode;
  /** Hide the label visually but keep it for screen readers. */
  hideLabel?: boolean;
  className?: string;
};

/** A field's id and the ids of its hint and error, which `aria-describedby` names. */
export function useFieldIds(id: string | undefined, error?: string, hint?: ReactNode) {
  const auto = useId();
  const fieldId = id ?? auto;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { fieldId, errorId, hintId, describedBy };
}

/**
 * A field's frame: the label (with the required mark), the control, the hint and the error.
 * `extra` stands between the hint and the error (a file field's chosen file).
 */
export function FieldFrame({ fieldId, label, hideLabel, error, errorId, hint, hintId, required, className, extra, children }: Common & {
  fieldId: string;
  errorId: string;
  hintId: string;
  required?: boolean;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      {hideLabel ? (
        <label htmlFor={fieldId} className="visually-hidden">
          {label}
        </label>
      ) : (
        // The required mark stays outside the <label>, so the field's name is the label alone.
        <span className={styles.labelRow}>
          <label htmlFor={fieldId} className={styles.label}>
            {label}
          </label>
          {required ? (
            <span aria-hidden="true" className={styles.required}>
              {' *'}
            </span>
          ) : null}
        </span>
      )}
      {children}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {extra}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type TextFieldProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'prefix'> & {
    /** Fixed text shown before the input (e.g. '+91' before a mobile number); screen readers hear it as the field's description. */
    prefix?: string;
  };

// On a prerendered page a field takes typing from the first paint: what is typed before the
// page's code runs is kept and handed to the form's state once it has (scripts/boot.js, lib/held.ts).
export function TextField({ label, error, hint, hideLabel, className, id, prefix, ...input }: TextFieldProps) {
  const ids = useFieldIds(id, error, hint);
  const prefixId = `${ids.fieldId}-prefix`;
  const describedBy = [prefix ? prefixId : '', ids.describedBy ?? ''].filter(Boolean).join(' ') || undefined;
  const field = (
    <input
      id={ids.fieldId}
      className={styles.input}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      {...input}
    />
  );
  return (
    <FieldFrame {...ids} label={label} error={error} hint={hint} hideLabel={hideLabel} className={className} required={input.required}>
      {prefix ? (
        <span className={styles.withPrefix}>
          <span id={prefixId} className={styles.prefix}>
            {prefix}
          </span>
          {field}
        </span>
      ) : (
        field
      )}
    </FieldFrame>
  );
}

export type TextAreaProps = Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>;

export function TextArea({ label, error, hint, hideLabel, className, id, rows = 5, ...area }: TextAreaProps) {
  const ids = useFieldIds(id, error, hint);
  return (
    <FieldFrame {...ids} label={label} error={error} hint={hint} hideLabel={hideLabel} className={className} required={area.required}>
      <textarea
        id={ids.fieldId}
        rows={rows}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...area}
      />
    </FieldFrame>
  );
}

export type SelectFieldProps = Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & {
    /** Options as value + already translated label. */
    options: Array<{ value: string; label: string }>;
    /** Text of an empty first option (already translated), if any. */
    placeholder?: string;
  };

export function SelectField({ label, error, hint, hideLabel, className, id, options, placeholder, ...select }: SelectFieldProps) {
  const ids = useFieldIds(id, error, hint);
  return (
    <FieldFrame {...ids} label={label} error={error} hint={hint} hideLabel={hideLabel} className={className} required={select.required}>
      <select
        id={ids.fieldId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
