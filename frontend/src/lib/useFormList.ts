/**
 * A repeatable part of a form (the family form's members): a list of entries that are each
 * checked with the same rule table and with `useForm`'s semantics — a field is validated as it
 * changes, untouched fields stay quiet until `validate`. An entry left completely empty is
 * optional: it is neither checked nor counted by `filled()`.
 */
import { useCallback, useRef, useState } from 'react';
import { validateField, validateForm, type FormErrors, type FormRules } from './validation';

export type ListEntry<V> = { key: number; values: V; errors: FormErrors };

const isBlank = (values: Record<string, string>) => Object.values(values).every((value) => value.trim() === '');

export function useFormList<V extends Record<string, string>>(rules: FormRules, empty: () => V, initialCount = 1) {
  const nextKey = useRef(0);
  const make = useCallback((): ListEntry<V> => ({ key: nextKey.current++, values: empty(), errors: {} }), [empty]);
  const [entries, setEntriesState] = useState<Array<ListEntry<V>>>(() => Array.from({ length: initialCount }, make));
  // Consecutive changes in one event (a date of birth that also fills the age) build on each other.
  const entriesRef = useRef(entries);
  const commit = useCallback((next: Array<ListEntry<V>>) => {
    entriesRef.current = next;
    setEntriesState(next);
  }, []);

  /** Appends an empty entry and returns its key. */
  const add = useCallback((): number => {
    const entry = make();
    commit([...entriesRef.current, entry]);
    return entry.key;
  }, [commit, make]);

  const remove = useCallback((key: number) => commit(entriesRef.current.filter((e) => e.key !== key)), [commit]);

  const setValue = useCallback(
    (key: number, name: keyof V & string, value: string) => {
      commit(
        entriesRef.current.map((entry) => {
          if (entry.key !== key) return entry;
          const values = { ...entry.values, [name]: value } as V;
          // An entry emptied again is optional once more: its messages go.
          if (isBlank(values)) return { ...entry, values, errors: {} };
          const errors = { ...entry.errors };
          const message = validateField(rules, name, values);
          if (message) errors[name] = message;
          else delete errors[name];
          for (const other of Object.keys(errors)) {
            if (other === name || !(other in rules)) continue;
            const msg = validateField(rules, other, values);
            if (msg) errors[other] = msg;
            else delete errors[other];
          }
          return { ...entry, values, errors };
        }),
      );
    },
    [commit, rules],
  );

  /** Checks every entry that is not blank; true when all of them may be sent. */
  const validate = useCallback((): boolean => {
    let ok = true;
    commit(
      entriesRef.current.map((entry) => {
        const errors = isBlank(entry.values) ? {} : validateForm(rules, entry.values);
        if (Object.keys(errors).length > 0) ok = false;
        return { ...entry, errors };
      }),
    );
    return ok;
  }, [commit, rules]);

  /** The entries that are not blank, in order: what is sent. */
  const filled = useCallback(() => entriesRef.current.filter((entry) => !isBlank(entry.values)), []);

  /** Puts a server's per-field messages under the fields of the entries named by key. */
  const setServerErrors = useCallback(
    (byKey: Map<number, FormErrors>) => {
      commit(entriesRef.current.map((entry) => (byKey.has(entry.key) ? { ...entry, errors: { ...entry.errors, ...byKey.get(entry.key) } } : entry)));
    },
    [commit],
  );

  /** Entries holding `values` (a draft read back), each with fresh key and no messages. */
  const replace = useCallback(
    (values: readonly V[]) => commit(values.map((entryValues) => ({ key: nextKey.current++, values: entryValues, errors: {} }))),
    [commit],
  );

  /** Back to `initialCount` empty entries. */
  const reset = useCallback(() => commit(Array.from({ length: initialCount }, make)), [commit, initialCount, make]);

  return { entries, add, remove, setValue, validate, filled, setServerErrors, reset, replace };
}
