/**
 * Facts fixed by the specification, which no publish changes: the year of establishment and the
 * registration number. Everything else the organisation says about itself (names, address,
 * contacts, team, texts) is its published content: `useSite()` (src/lib/siteContent.tsx).
 */
export const site = {
  established: 1935,
  registrationNumber: 'A 1321',
} as const;

/**
 * The map on the contact page: a Google Maps embed of the content's `map_place`. (The server's
 * Content-Security-Policy allows frames from www.google.com and maps.google.com only.)
 */
export function mapEmbedUrl(place: string): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(place)}&z=15&output=embed`;
}

/** The same place on the full map site, for visitors whose connection does not load the frame. */
export function mapLinkUrl(place: string): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(place)}`;
}
