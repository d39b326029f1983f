#!/usr/bin/env node
/**
 * Translation helper.
 *   node scripts/i18n-keys.mjs missing          lists keys used in src/ that en/translation.json lacks
 *   node scripts/i18n-keys.mjs add FILE.json    merges {"English key": "मराठी text"} into both files
 *                                               (en gets key = value), keeps keys sorted
 * The files are re-read right before writing, so concurrent additions by others are kept.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const localeFile = (lng) => join(root, 'public', 'locales', lng, 'translation.json');
const read = (lng) => JSON.parse(readFileSync(localeFile(lng), 'utf8'));
const write = (lng, data) => {
  const sorted = Object.fromEntries(Object.entries(data).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(localeFile(lng), JSON.stringify(sorted, null, 2) + '\n');
};

export function sourceFiles(dir = join(root, 'src')) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** Keys passed literally to t(...), i18n.t(...), i18nKey(...) or <Trans i18nKey="...">. */
export function keysIn(text) {
  const keys = new Set();
  const patterns = [
    /\b(?:t|i18nKey)\(\s*'((?:[^'\\]|\\.)*)'/g,
    /\b(?:t|i18nKey)\(\s*"((?:[^"\\]|\\.)*)"/g,
    /\b(?:t|i18nKey)\(\s*`([^`$]*)`/g,
    /i18nKey="([^"]*)"/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) keys.add(match[1].replace(/\\(['"\\])/g, '$1'));
  }
  return keys;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, file] = process.argv.slice(2);
  if (command === 'missing') {
    const en = read('en');
    const used = new Set();
    for (const path of sourceFiles()) for (const key of keysIn(readFileSync(path, 'utf8'))) used.add(key);
    // A count's sentence is there as its plural forms, `<key>_one` and `<key>_other`.
    const missing = [...used].filter((key) => !(key in en) && !(`${key}_other` in en)).sort();
    console.log(JSON.stringify(Object.fromEntries(missing.map((k) => [k, ''])), null, 2));
  } else if (command === 'add' && file) {
    const additions = JSON.parse(readFileSync(file, 'utf8'));
    const en = read('en');
    const mr = read('mr');
    for (const [key, marathi] of Object.entries(additions)) {
      if (!marathi) throw new Error(`No Marathi for ${JSON.stringify(key)}`);
      en[key] = en[key] ?? key;
      mr[key] = marathi;
    }
    write('en', en);
    write('mr', mr);
    console.log(`added ${Object.keys(additions).length} keys`);
  } else {
    console.error('usage: i18n-keys.mjs missing | add FILE.json');
    process.exit(2);
  }
}
