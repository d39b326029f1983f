/**
 * Fonts never hold back text on a slow connection: every @font-face in the client's CSS (today
 * there is none; the site uses the visitor's own fonts) says `font-display: swap`, and every
 * font stack ends in system faces that have Devanagari, so Marathi shows at once.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const frontendDir = join(__dirname, '..', '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cssFiles(path);
    return name.endsWith('.css') ? [path] : [];
  });
}

const sheets = [...cssFiles(join(frontendDir, 'src')), join(frontendDir, 'index.html')].map((path) => ({
  path: path.slice(frontendDir.length + 1),
  text: readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''),
}));

/** Faces shipped with the systems visitors use that cover Devanagari. */
const systemDevanagari = ['Noto Sans Devanagari', 'Kohinoor Devanagari', 'Nirmala UI', 'Mangal'];

describe('fonts', () => {
  it('every @font-face lets text show at once in a fallback (font-display: swap)', () => {
    const faces = sheets.flatMap(({ path, text }) => [...text.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => ({ path, body: m[1] })));
    expect(faces.filter((face) => !/font-display:\s*swap/.test(face.body))).toEqual([]);
  });

  it('the font stack names system Devanagari faces of Android, Apple and Windows, and ends in a generic family', () => {
    const global = sheets.find((s) => s.path === join('src', 'styles', 'global.css'))!;
    const stack = /--font-sans:([^;]*);/.exec(global.text)![1];
    for (const face of systemDevanagari) expect(stack).toContain(`'${face}'`);
    expect(stack.trim()).toMatch(/sans-serif$/);
  });

  it('no other font-family replaces the stack with one that lacks a fallback', () => {
    const declarations = sheets.flatMap(({ path, text }) =>
      [...text.matchAll(/font-family:([^;}]*)/g)].map((m) => ({ path, value: m[1].trim() })),
    );
    expect(declarations.filter((d) => !d.value.startsWith('var(--font-') && !/(sans-serif|serif|monospace|system-ui|inherit)\s*$/.test(d.value))).toEqual([]);
  });
});
