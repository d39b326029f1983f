import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@/config/adminSections';
import { allRoles, roleExplanations, roleNames, sortedRoles } from './roles';
import styles from './AdminAdministrators.module.css';

type Props = {
  /** The group's name (already translated), e.g. "Roles" or "Roles of clerk@example.org". */
  legend: string;
  /** Show the legend only to screen readers (a row whose e-mail is its heading). */
  hideLegend?: boolean;
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
  /** The server's message under the group (already translated). */
  error?: string;
  disabled?: boolean;
};

/** The six roles as checkboxes, each with its name and a line of what it opens. */
export function RoleChecks({ legend, hideLegend, value, onChange, error, disabled }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const toggle = (role: Role, on: boolean) => onChange(sortedRoles(on ? [...value, role] : value.filter((r) => r !== role)));
  return (
    <fieldset className={styles.roles} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className={hideLegend ? 'visually-hidden' : styles.rolesLegend}>{legend}</legend>
      <ul className={styles.roleList}>
        {allRoles.map((role) => (
          <li key={role} className={styles.role}>
            <input
              id={`${id}-${role}`}
              type="checkbox"
              name="roles"
              value={role}
              checked={value.includes(role)}
              disabled={disabled}
              aria-describedby={`${id}-${role}-hint`}
              onChange={(event) => toggle(role, event.target.checked)}
            />
            <span className={styles.roleText}>
              {/* The name alone names the checkbox; the line under it describes it. */}
              <label htmlFor={`${id}-${role}`} className={styles.roleName}>
                {t(roleNames[role])}
              </label>
              <span id={`${id}-${role}-hint`} className={styles.roleHint}>
                {t(roleExplanations[role])}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
