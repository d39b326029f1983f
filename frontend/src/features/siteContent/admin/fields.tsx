/**
 * The editor's fields, each addressed by its path in the content: a text in one language, a text
 * in English and Marathi side by side (one under the other on a phone), each labelled with its
 * language, and the message of a place that is not a field (a pair, a list, an item). A field's
 * element id comes from its path (draft.ts `placeId`), so the server's messages find it.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextArea, TextField } from '@/components/ui/TextField';
import { getAt, joinPath, placeId } from './draft';
import { useEditor } from './EditorContext';
import styles from './AdminSiteContent.module.css';

type TextProps = {
  path: string;
  /** The visible label (already translated). */
  label: string;
  /** The language of the text, when it is not the page's (mr, te, en). */
  lang?: string;
  /** Several lines (a description, a long page text). */
  rows?: number;
  hint?: ReactNode;
  /** An empty value removes the field (a member's phone). */
  optional?: boolean;
  /** The accessible name, when the visible label alone would be the same for every item (already translated; it starts with the label). */
  name?: string;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
};

/** One text of the content. */
export function TextAt({ path, label, lang, rows, hint, optional, name, type, autoComplete, inputMode }: TextProps) {
  const { t } = useTranslation();
  const { content, messages, setField } = useEditor();
  const value = getAt(content, path);
  const common = {
    id: placeId(path),
    label,
    lang,
    hint,
    'aria-label': name,
    value: typeof value === 'string' ? value : '',
    error: messages[path] ? t(messages[path]) : undefined,
  };
  const change = (text: string) => setField(path, optional && text === '' ? undefined : text);
  if (rows) return <TextArea {...common} rows={rows} onChange={(event) => change(event.target.value)} />;
  return <TextField {...common} type={type} autoComplete={autoComplete ?? 'off'} inputMode={inputMode} onChange={(event) => change(event.target.value)} />;
}

type Language = 'en' | 'mr' | 'te';

/** The label of one language's text: "Address (Marathi)". */
export function useLanguageLabel() {
  const { t } = useTranslation();
  return (label: string, language: Language) => {
    switch (language) {
      case 'mr':
        return t('{{label}} (Marathi)', { label });
      case 'te':
        return t('{{label}} (Telugu)', { label });
      default:
        return t('{{label}} (English)', { label });
    }
  };
}

type BilingualProps = {
  path: string;
  label: string;
  rows?: number;
  hint?: ReactNode;
  /** What the item is, for the accessible names ("Name (English): Member 2"; already translated). */
  of?: string;
  /** The languages, in the order shown (the organisation's name has three). */
  languages?: Language[];
};

/** A text kept in several languages, side by side where there is room. */
export function Bilingual({ path, label, rows, hint, of, languages = ['en', 'mr'] }: BilingualProps) {
  const languageLabel = useLanguageLabel();
  return (
    <div className="field-room">
      <div className={`field-grid ${languages.length > 2 ? 'three-columns-from-46' : ''}`}>
        {languages.map((language) => {
          const fieldLabel = languageLabel(label, language);
          return (
            <TextAt
              key={language}
              path={joinPath(path, language)}
              label={fieldLabel}
              name={of ? `${fieldLabel}: ${of}` : undefined}
              lang={language === 'en' ? undefined : language}
              rows={rows}
              hint={hint}
            />
          );
        })}
      </div>
      <PlaceMessage path={path} />
    </div>
  );
}

/**
 * The server's message about a place that is not one field (a pair of texts, a list, an item),
 * focusable so that a refused save can take the focus to it.
 */
export function PlaceMessage({ path }: { path: string }) {
  const { t } = useTranslation();
  const { messages } = useEditor();
  const message = messages[path];
  if (!message) return null;
  return (
    <p id={placeId(path)} tabIndex={-1} data-site-message="" className={styles.placeMessage}>
      {t(message)}
    </p>
  );
}
