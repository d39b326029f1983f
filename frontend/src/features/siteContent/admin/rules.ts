/**
 * The server's rules for the content (docs/DESIGN.md §4): `validationRules.siteContent`, a table
 * keyed by paths into the document with `*` for every entry of a list
 * (`team.*.members.*.name.en`), checked here with the same interpreter as every form
 * (lib/validation.ts), so a field says what the server would say as it is typed. Without the
 * table (a server that publishes none) nothing is checked here and the server's 422 says it.
 */
import { validationRules, type FormRules } from '@/lib/rules';
import { validateField } from '@/lib/validation';
import type { Messages } from './draft';

/** The content's table, when the server publishes one. */
export const siteRules: FormRules = (validationRules as Partial<Record<string, FormRules>>).siteContent ?? {};

/** The table's key of a path: every list index is `*`. */
export const patternOf = (path: string) => path.replace(/(^|\.)\d+(?=\.|$)/g, '$1*');

/** The message of the first rule the text at `path` fails, or undefined. */
export function checkField(path: string, value: unknown, rules: FormRules = siteRules): string | undefined {
  const pattern = patternOf(path);
  if (!rules[pattern] || (value !== undefined && typeof value !== 'string')) return undefined;
  return validateField(rules, pattern, { [pattern]: value ?? '' });
}

/** Every text of `content` the table has rules for, by its path (a missing text reads as empty). */
function textsOf(value: unknown, parts: string[], path: string, out: Array<[string, unknown]>) {
  const [head, ...rest] = parts;
  if (head === undefined) {
    out.push([path, value]);
    return;
  }
  const join = (part: string | number) => (path ? `${path}.${part}` : String(part));
  if (head === '*') {
    if (Array.isArray(value)) value.forEach((entry, index) => textsOf(entry, rest, join(index), out));
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const child = (value as Record<string, unknown>)[head];
  // A missing list or object is the server's shape check; a missing text is checked as empty.
  if (child === undefined && rest.length > 0) return;
  textsOf(child, rest, join(head), out);
}

/** Every failing text of `content`, by its path, as the server's 422 would name them. */
export function checkContent(content: unknown, rules: FormRules = siteRules): Messages {
  const messages: Messages = {};
  for (const pattern of Object.keys(rules)) {
    const texts: Array<[string, unknown]> = [];
    textsOf(content, pattern.split('.'), '', texts);
    for (const [path, value] of texts) {
      const message = checkField(path, value, rules);
      if (message) messages[path] = message;
    }
  }
  return messages;
}
