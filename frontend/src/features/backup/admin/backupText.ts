/**
 * The backup page's words for the server's numbers: how often the schedule takes a backup, the
 * schedule as a sentence, a backup's size, and the kept backups newest first. `digits` writes a
 * number in the page's digits (Devanagari in Marathi).
 */
import type { TFunction } from 'i18next';
import type { KeptBackup, ScheduleInfo } from './api';

type Digits = (value: string | number) => string;

const MINUTES_PER_DAY = 24 * 60;

/**
 * "Every 30 minutes", "Every hour", "Every 24 hours", "Every 7 days": whole days past one day,
 * whole hours, else minutes (a day is "24 hours", as the schedule's default is written).
 */
export function intervalText(minutes: number, t: TFunction, digits: Digits): string {
  if (minutes > MINUTES_PER_DAY && minutes % MINUTES_PER_DAY === 0) return t('Every {{n}} days', { n: digits(minutes / MINUTES_PER_DAY) });
  if (minutes >= 60 && minutes % 60 === 0) return minutes === 60 ? t('Every hour') : t('Every {{n}} hours', { n: digits(minutes / 60) });
  return minutes === 1 ? t('Every minute') : t('Every {{n}} minutes', { n: digits(minutes) });
}

/** "Every 24 hours a backup is taken; the newest 14 are kept on the site's computer." (or in off-site storage). */
export function scheduleText(schedule: ScheduleInfo, t: TFunction, digits: Digits): string {
  const every = intervalText(schedule.every_minutes, t, digits);
  if (schedule.keep === 1) {
    return schedule.off_site
      ? t('{{every}} a backup is taken; only the newest is kept in off-site storage.', { every })
      : t("{{every}} a backup is taken; only the newest is kept on the site's computer.", { every });
  }
  const keep = digits(schedule.keep);
  return schedule.off_site
    ? t('{{every}} a backup is taken; the newest {{keep}} are kept in off-site storage.', { every, keep })
    : t("{{every}} a backup is taken; the newest {{keep}} are kept on the site's computer.", { every, keep });
}

/** As the dashboard's other sizes are written (a file chosen for upload): 1 MB is 1024 × 1024 bytes. */
const BYTES_PER_MB = 1024 * 1024;
const oneDecimal = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "12.3 MB" (one decimal, thousands grouped); never "0.0 MB" for a file that has bytes. */
export function sizeText(bytes: number, t: TFunction, digits: Digits): string {
  const megabytes = bytes > 0 ? Math.max(bytes / BYTES_PER_MB, 0.1) : 0;
  return t('{{size}} MB', { size: digits(oneDecimal.format(megabytes)) });
}

/** The kept backups newest first (the server lists them oldest first). */
export function newestFirst(kept: readonly KeptBackup[]): KeptBackup[] {
  const at = (backup: KeptBackup) => {
    const time = Date.parse(backup.taken_at);
    return Number.isNaN(time) ? 0 : time;
  };
  return kept
    .map((backup, index) => ({ backup, index }))
    .sort((a, b) => at(b.backup) - at(a.backup) || b.index - a.index)
    .map(({ backup }) => backup);
}
