/**
 * The editor's state and its calls: the draft as the server last gave it, the content being
 * edited, the server's messages by place, and saving (with the draft's revision), publishing
 * (saving first when there are unsaved changes), bringing back a version, reloading after
 * someone else changed the draft (409), and the list of published versions.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@/components/admin/AdminNotice';
import type { FormRefusal } from '@/lib/api';
import { i18nKey } from '@/lib/text';
import { loadDraft, loadVersions, publishDraft, restoreVersion, saveDraft, type SiteContent, type SiteDraft, type SiteVersion } from './api';
import { appendTo, moveWithin, parentPath, placeMessages, remapMessages, removeFrom, sameData, setAt, getAt, type Messages } from './draft';
import { checkContent, checkField } from './rules';

const SAVE_FAILED = i18nKey('Could not save the draft. Please try again.');
const PUBLISH_FAILED = i18nKey('Could not publish. Please try again.');
const RESTORE_FAILED = i18nKey('Could not bring back that version. Please try again.');
const STALE = i18nKey('The draft was changed by someone else. Reload it to see their changes.');
const INVALID = i18nKey('The draft was not saved. Please correct the fields marked.');

/** What a save (or a publish) came to: `invalid` carries the messages by place. */
export type SaveResult = { outcome: 'done' } | { outcome: 'invalid'; messages: Messages } | { outcome: 'refused' };

/** A text group (a pair of languages, the three names): a message about it goes when one of its texts changes. */
const isTextGroup = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((text) => typeof text === 'string');

export function useSiteEditor() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'loading' | 'failed' | 'ready'>('loading');
  const [draft, setDraftState] = useState<SiteDraft | null>(null);
  const [saved, setSaved] = useState<SiteContent | null>(null);
  const [content, setContentState] = useState<SiteContent | null>(null);
  const [messages, setMessages] = useState<Messages>({});
  const [notice, setNotice] = useState<Notice>(null);
  /** The 409's message while the draft on the server is newer than this one. */
  const [stale, setStale] = useState<string | null>(null);
  const [busy, setBusy] = useState<'saving' | 'publishing' | 'restoring' | null>(null);
  const [versions, setVersions] = useState<SiteVersion[] | null>(null);
  const [versionsFailed, setVersionsFailed] = useState(false);
  const [round, setRound] = useState(0);
  const [versionsRound, setVersionsRound] = useState(0);

  // The latest values, for calls that finish after later edits.
  const contentRef = useRef(content);
  const draftRef = useRef(draft);
  const setContent = useCallback((next: SiteContent) => {
    contentRef.current = next;
    setContentState(next);
  }, []);
  const setDraft = (next: SiteDraft) => {
    draftRef.current = next;
    setDraftState(next);
  };

  useEffect(() => {
    const controller = new AbortController();
    loadDraft(controller.signal).then(
      (loaded) => {
        if (controller.signal.aborted) return;
        draftRef.current = loaded;
        setDraftState(loaded);
        setSaved(loaded.content);
        setContent(loaded.content);
        setMessages({});
        setStale(null);
        setStatus('ready');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading the site content failed', error);
        setStatus('failed');
      },
    );
    return () => controller.abort();
  }, [round, setContent]);

  useEffect(() => {
    const controller = new AbortController();
    loadVersions(controller.signal).then(
      (list) => {
        if (controller.signal.aborted) return;
        setVersions(list);
        setVersionsFailed(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading the versions failed', error);
        setVersionsFailed(true);
      },
    );
    return () => controller.abort();
  }, [versionsRound]);

  /** Fetches the draft again (after a 409, or after a failed load); what was not saved is dropped. */
  const reload = useCallback(() => {
    setNotice(null);
    setStatus('loading');
    setRound((n) => n + 1);
  }, []);
  const reloadVersions = useCallback(() => setVersionsRound((n) => n + 1), []);

  const dirty = content !== null && saved !== null && !sameData(content, saved);

  /** Takes the server's draft; the edits made while it was on its way are kept. */
  const accept = (next: SiteDraft, sent?: SiteContent) => {
    setDraft(next);
    setSaved(next.content);
    if (sent === undefined || contentRef.current === sent) setContent(next.content);
    setMessages({});
    setStale(null);
  };

  /** Says why a call was refused; a 422 puts the messages at their places. */
  const refuse = (refusal: FormRefusal, sent: SiteContent | null, fallback: string): SaveResult => {
    if (refusal.status === 409) {
      setStale(t(refusal.error || STALE));
      return { outcome: 'refused' };
    }
    if (refusal.status === 422 && sent && Object.keys(refusal.fields).length > 0) return showInvalid(refusal.fields, sent);
    setNotice({ kind: 'error', text: t(refusal.error || fallback) });
    return { outcome: 'refused' };
  };

  /** Puts messages at their places (the server's or the rules' here), with the page's alert. */
  const showInvalid = (fields: Messages, content: SiteContent): SaveResult => {
    const placed = placeMessages(fields, content);
    setMessages(placed);
    setNotice({ kind: 'error', text: t(placed[''] ?? INVALID) });
    return { outcome: 'invalid', messages: placed };
  };

  const save = async (): Promise<SaveResult> => {
    const sent = contentRef.current;
    const revision = draftRef.current?.revision;
    if (!sent || revision === undefined) return { outcome: 'refused' };
    setNotice(null);
    // The server's rules, checked before sending: the same messages, without the round trip.
    const found = checkContent(sent);
    if (Object.keys(found).length > 0) return showInvalid(found, sent);
    setBusy('saving');
    const outcome = await saveDraft(revision, sent);
    setBusy(null);
    if (!outcome.ok) return refuse(outcome, sent, SAVE_FAILED);
    accept(outcome.data, sent);
    setNotice({ kind: 'success', text: t('Draft saved. Visitors see it once it is published.') });
    return { outcome: 'done' };
  };

  /** Publishes the draft, saving the unsaved changes first. */
  const publish = async (): Promise<SaveResult> => {
    if (dirty) {
      const result = await save();
      if (result.outcome !== 'done') return result;
    }
    const current = draftRef.current;
    if (!current) return { outcome: 'refused' };
    setNotice(null);
    setBusy('publishing');
    const outcome = await publishDraft(current.revision);
    setBusy(null);
    if (!outcome.ok) return refuse(outcome, null, PUBLISH_FAILED);
    setDraft({ ...draftRef.current!, unpublished_changes: false, published_version: outcome.data.id });
    setNotice({ kind: 'success', text: t('Published. Visitors see the new content within a few seconds.') });
    reloadVersions();
    return { outcome: 'done' };
  };

  /** An earlier version becomes the draft (replacing what was not saved). */
  const restore = async (version: SiteVersion) => {
    const revision = draftRef.current?.revision;
    if (revision === undefined) return;
    setNotice(null);
    setBusy('restoring');
    const outcome = await restoreVersion(version.id, revision);
    setBusy(null);
    if (!outcome.ok) {
      refuse(outcome, null, RESTORE_FAILED);
      return;
    }
    accept(outcome.data);
    setNotice({ kind: 'success', text: t('That version is the draft again. Publish it to show it to visitors.') });
    reloadVersions();
  };

  const edit = useCallback(
    (change: (current: SiteContent) => SiteContent, messagesChange?: (current: Messages) => Messages) => {
      if (!contentRef.current) return;
      setContent(change(contentRef.current));
      if (messagesChange) setMessages(messagesChange);
    },
    [setContent],
  );

  /**
   * A field's new value (undefined removes an optional field), checked with the server's rule:
   * its message is the rule's, or none; the message of its pair of languages goes.
   */
  const setField = useCallback(
    (path: string, value: unknown) =>
      edit(
        (current) => setAt(current, path, value),
        (current) => {
          const message = checkField(path, value);
          const parent = parentPath(path);
          const pairMessage = parent in current && isTextGroup(getAt(contentRef.current, parent));
          if (current[path] === message && !pairMessage) return current;
          const next = { ...current };
          if (message) next[path] = message;
          else delete next[path];
          if (pairMessage) delete next[parent];
          return next;
        },
      ),
    [edit],
  );

  // A list's own message (too many, too few) is about what it held before.
  const withoutListMessage = (listPath: string) => (current: Messages) => {
    if (!(listPath in current)) return current;
    const next = { ...current };
    delete next[listPath];
    return next;
  };

  const add = useCallback((listPath: string, item: unknown) => edit((current) => appendTo(current, listPath, item), withoutListMessage(listPath)), [edit]);

  const remove = useCallback(
    (listPath: string, index: number) =>
      edit(
        (current) => removeFrom(current, listPath, index),
        (current) => withoutListMessage(listPath)(remapMessages(current, listPath, (old) => (old === index ? null : old > index ? old - 1 : old))),
      ),
    [edit],
  );

  const move = useCallback(
    (listPath: string, from: number, to: number) =>
      edit(
        (current) => moveWithin(current, listPath, from, to),
        (current) =>
          remapMessages(current, listPath, (old) => {
            if (old === from) return to;
            if (from < to && old > from && old <= to) return old - 1;
            if (to < from && old >= to && old < from) return old + 1;
            return old;
          }),
      ),
    [edit],
  );

  return {
    status,
    draft,
    content,
    /** The content being edited, as of now (the preview reads it when it opens). */
    contentRef,
    dirty,
    messages,
    notice,
    stale,
    busy,
    versions,
    versionsFailed,
    reload,
    reloadVersions,
    save,
    publish,
    restore,
    setField,
    add,
    remove,
    move,
  };
}

export type SiteEditor = ReturnType<typeof useSiteEditor>;
