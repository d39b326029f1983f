/**
 * What the editor's fields and lists share: the content being edited, the server's messages by
 * place, the changes (by path, see draft.ts), and the focus after a change of a list (the
 * element given is focused once the change is on screen) with a spoken announcement of it.
 */
import { createContext, useContext } from 'react';
import type { SiteContent } from './api';
import type { Messages } from './draft';

export type Editor = {
  content: SiteContent;
  messages: Messages;
  setField: (path: string, value: unknown) => void;
  add: (listPath: string, item: unknown) => void;
  remove: (listPath: string, index: number) => void;
  move: (listPath: string, from: number, to: number) => void;
  /** Focuses the element with this id after the next render (the first of several ids that exists). */
  focusLater: (...ids: string[]) => void;
  /** Says a change of a list to screen readers (already translated). */
  announce: (text: string) => void;
};

export const EditorContext = createContext<Editor | null>(null);

export function useEditor(): Editor {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useEditor outside the site content editor');
  return editor;
}
