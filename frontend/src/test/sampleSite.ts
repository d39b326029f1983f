/**
 * The sample content (what a fresh install shows, backend/src/site/sample.json) for the tests.
 * Only the tests and the build's prerender read the sample; the app reads the published content.
 */
import type { SiteContent } from '@bindings/SiteContent';
import sample from '../../../backend/src/site/sample.json';

export const sampleSite = sample as SiteContent;

/** A copy of the sample with some of it changed, e.g. `changedSite((c) => { c.organisation.phone = '…'; })`. */
export function changedSite(change: (content: SiteContent) => void): SiteContent {
  const content = structuredClone(sampleSite);
  change(content);
  return content;
}
