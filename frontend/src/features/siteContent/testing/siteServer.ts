/**
 * A site content server for the editor's tests: the draft and the versions in memory, with the
 * revision rules of docs/DESIGN.md §12 (a stale revision is 409); `answers` lets a test answer a
 * save or a publish its own way first (a 409, a 422).
 */
import { json, mockFetch } from '@/test/adminRender';
import type { SiteContent } from '@bindings/SiteContent';
import type { SiteDraft, SiteVersion } from '@bindings/SiteDraft';
import { fakeDraft, fakeVersion } from './fakeSite';

type Answer = (body: unknown) => Response | undefined;

export function siteServer(draft: SiteDraft = fakeDraft(), versions: SiteVersion[] = [fakeVersion(2, { current: true }), fakeVersion(1, { sample: true })]) {
  let current = draft;
  let list = versions;
  const answers: { put?: Answer; publish?: Answer } = {};
  const stale = () => json({ error: 'The draft was changed by someone else. Reload it to see their changes.' }, { status: 409 });
  const server = mockFetch({
    'GET /api/admin/site': () => json(current),
    'PUT /api/admin/site': async (request) => {
      const body = (await request.json()) as { revision: number; content: SiteContent };
      const answer = answers.put?.(body);
      if (answer) return answer;
      if (body.revision !== current.revision) return stale();
      current = { ...current, content: body.content, revision: current.revision + 1, unpublished_changes: true, sample: false };
      return json(current);
    },
    'POST /api/admin/site/publish': async (request) => {
      const body = (await request.json()) as { revision: number };
      const answer = answers.publish?.(body);
      if (answer) return answer;
      if (body.revision !== current.revision) return stale();
      const version = fakeVersion(Math.max(0, ...list.map((v) => v.id)) + 1, { current: true });
      list = [version, ...list.map((v) => ({ ...v, current: false }))];
      current = { ...current, unpublished_changes: false, published_version: version.id };
      return json(version);
    },
    'GET /api/admin/site/versions': () => json(list),
    'POST /api/admin/site/versions/:id/restore': async (request, _url, { id }) => {
      const body = (await request.json()) as { revision: number };
      if (body.revision !== current.revision) return stale();
      current = { ...current, content: { ...current.content, about: { en: `Text of version ${id}`, mr: 'जुना मजकूर' } }, revision: current.revision + 1, unpublished_changes: true };
      return json(current);
    },
  });
  return {
    ...server,
    answers,
    /** Someone else saves in the meantime. */
    changeElsewhere: (content: SiteContent) => {
      current = { ...current, content, revision: current.revision + 1 };
    },
  };
}
