/**
 * /admin/dashboard/site-content (role `content`, docs/DESIGN.md §12): what the site says about
 * the organisation, edited as one draft in tabs (organisation, team, sub-bodies, home page,
 * pages), every visitor-facing text in English and Marathi side by side. Save draft sends it
 * with its revision (409: someone else saved first, Reload; 422: each message under its field,
 * the first one focused); Publish saves first when needed and asks before; the preview frames
 * the real page at a phone's width; the versions can be brought back. Leaving with unsaved
 * changes asks first.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminNotice } from '@/components/admin/AdminNotice';
import { formatAdminDate } from '@/components/admin/AdminTable';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Loading } from '@/components/ui/Loading';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { messagesByPart, partOf, parts, type Messages, type Part } from './draft';
import { EditorContext, type Editor } from './EditorContext';
import { LeaveGuard } from './LeaveGuard';
import { partPages } from './parts';
import { SitePreview } from './SitePreview';
import { useSiteEditor, type SaveResult } from './useSiteEditor';
import { VersionHistory } from './VersionHistory';
import styles from './AdminSiteContent.module.css';

type Tab = Part | 'preview' | 'versions';
const tabs: Tab[] = [...parts, 'preview', 'versions'];
const tabLabels: Record<Tab, string> = {
  organisation: i18nKey('Organisation'),
  team: i18nKey('Team'),
  subBodies: i18nKey('Sub-bodies'),
  home: i18nKey('Home page'),
  pages: i18nKey('Pages'),
  preview: i18nKey('Preview'),
  versions: i18nKey('Versions'),
};

/** The first element of the list of ids that is on the page and can take the focus. */
function focusFirstOf(ids: string[]) {
  for (const id of ids) {
    const element = document.getElementById(id);
    if (!element || (element as HTMLButtonElement).disabled) continue;
    // An item: its first field.
    const target = element.tagName === 'LI' ? (element.querySelector<HTMLElement>('input, textarea, select') ?? element) : element;
    target.focus();
    return;
  }
}

export default function AdminSiteContent() {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const editor = useSiteEditor();
  const { content, draft, dirty, messages, busy, setField, add, remove, move, save, publish, restore } = editor;
  const [tab, setTab] = useState<Tab>('organisation');
  const [askPublish, setAskPublish] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [showInvalid, setShowInvalid] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<string[] | null>(null);

  // A list's change is on screen: the focus goes where the list asked.
  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    focusFirstOf(pendingFocus.current);
    pendingFocus.current = null;
  });

  // A refused save is on screen: the first message's field (or place) takes the focus.
  useEffect(() => {
    if (showInvalid === 0) return;
    const target = panelRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-site-message]');
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [showInvalid]);

  const focusLater = useCallback((...ids: string[]) => {
    pendingFocus.current = ids;
  }, []);

  const context = useMemo<Editor | null>(
    () => (content ? { content, messages, setField, add, remove, move, focusLater, announce: setAnnouncement } : null),
    [content, messages, setField, add, remove, move, focusLater],
  );

  /** After a 422: the tab of the first message, then its field. */
  const showMessages = (result: SaveResult) => {
    if (result.outcome !== 'invalid') return;
    const part = firstPart(result.messages);
    if (part) setTab(part);
    setShowInvalid((n) => n + 1);
  };

  const readContent = useCallback(() => editor.contentRef.current, [editor.contentRef]);
  const counts = messagesByPart(messages);

  const onTabKey = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = tabs[(moves[event.key] + tabs.length) % tabs.length];
    setTab(next);
    document.getElementById(`site-tab-${next}`)?.focus();
  };

  let body;
  if (editor.status === 'failed') {
    body = (
      <div className="load-problem" role="alert">
        <p>{t('Could not load the site content. Please check your connection and try again.')}</p>
        <Button variant="secondary" onClick={editor.reload}>
          {t('Try again')}
        </Button>
      </div>
    );
  } else if (editor.status === 'loading' || !context || !draft) {
    body = <Loading />;
  } else {
    const Part = tab === 'preview' || tab === 'versions' ? null : partPages[tab];
    body = (
      <EditorContext.Provider value={context}>
        {draft.sample ? <p className={styles.info}>{t('This is the sample content of a new site. Replace it with your organisation’s own details, then publish.')}</p> : null}
        {draft.unpublished_changes ? <p className={styles.info}>{t('The draft has changes that visitors do not see yet. Publish to show them.')}</p> : null}
        {editor.stale ? (
          <div role="alert" className={`message-error ${styles.stale}`}>
            <p>{editor.stale}</p>
            <Button variant="secondary" size="sm" onClick={editor.reload}>
              {t('Reload')}
            </Button>
          </div>
        ) : null}
        <AdminNotice notice={editor.notice} />

        <div role="tablist" aria-label={t('Parts of the site content')} className={styles.tabs}>
          {tabs.map((name, index) => {
            const count = name in counts ? counts[name as Part] : 0;
            return (
              <button
                key={name}
                type="button"
                role="tab"
                id={`site-tab-${name}`}
                aria-selected={tab === name}
                aria-controls="site-content-panel"
                tabIndex={tab === name ? 0 : -1}
                className={styles.tab}
                onClick={() => setTab(name)}
                onKeyDown={(event) => onTabKey(event, index)}
              >
                {t(tabLabels[name])}
                {count > 0 ? <span className={styles.tabCount}>{t('{{number}} to correct', { number: digits(count) })}</span> : null}
              </button>
            );
          })}
        </div>
        <div role="tabpanel" id="site-content-panel" aria-labelledby={`site-tab-${tab}`} ref={panelRef} className={`form-card form-card-outlined ${styles.panel}`}>
          {Part ? <Part /> : null}
          {tab === 'preview' ? <SitePreview content={readContent} /> : null}
          {tab === 'versions' ? <VersionHistory versions={editor.versions} failed={editor.versionsFailed} onRetry={editor.reloadVersions} onRestore={restore} dirty={dirty} /> : null}
        </div>

        <div className={styles.actions}>
          <p className={styles.saveState} aria-live="polite">
            {dirty
              ? t('Changes not saved yet')
              : draft.saved_at
                ? t('Draft saved on {{date}} by {{who}}', { date: formatAdminDate(draft.saved_at, lang), who: draft.saved_by ?? '' })
                : null}
          </p>
          <div className={styles.actionButtons}>
            <Button variant="secondary" busy={busy === 'saving'} disabled={!dirty || busy !== null} onClick={() => void save().then(showMessages)}>
              {t('Save draft')}
            </Button>
            <Button busy={busy === 'publishing'} disabled={busy !== null} onClick={() => setAskPublish(true)}>
              {t('Publish')}
            </Button>
          </div>
        </div>
        <div role="status" aria-live="polite" className="visually-hidden">
          {announcement}
        </div>
      </EditorContext.Provider>
    );
  }

  return (
    <AdminPage
      title={t('Site content')}
      intro={t('What the site says about the organisation, in English and Marathi. Changes stay a draft until you publish them.')}
    >
      {body}
      <ConfirmDialog
        open={askPublish}
        message={dirty ? t('Save the changes and publish the draft? Visitors see it within a few seconds.') : t('Publish the draft? Visitors see it within a few seconds.')}
        confirmLabel={t('Publish')}
        onCancel={() => setAskPublish(false)}
        onConfirm={() => {
          setAskPublish(false);
          void publish().then(showMessages);
        }}
      />
      <LeaveGuard dirty={dirty} />
    </AdminPage>
  );
}

/** The first part, in the tabs' order, that has a message. */
function firstPart(messages: Messages): Part | null {
  const withMessages = new Set(Object.keys(messages).map(partOf));
  return parts.find((part) => withMessages.has(part)) ?? null;
}
