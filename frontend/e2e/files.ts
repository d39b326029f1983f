/**
 * Real files for the browser journeys, made on the spot rather than kept as fixtures: images
 * drawn on a canvas in the browser, a one-page PDF, and the exports a page downloads, read back
 * (the workbook's XML, the PDF's text).
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';

/** A real JPEG or PNG drawn in the browser: a gradient with a label. */
export async function drawImage(page: Page, type: 'image/jpeg' | 'image/png', width: number, height: number, label: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ type, width, height, label }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      const gradient = ctx.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#7a1f1f');
      gradient.addColorStop(1, '#f29f05');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = '#fff';
      ctx.font = `${Math.round(height / 6)}px sans-serif`;
      ctx.fillText(label, width / 10, height / 2);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), type, 0.85));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { type, width, height, label },
  );
  return Buffer.from(base64, 'base64');
}

/** A real one-page PDF with a line of text. */
export function pdfFile(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Clicks an export button and returns the file's name and text: the xlsx's XML, or the PDF's text. */
export async function exportText(page: Page, button: 'Export Excel' | 'Export PDF') {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const download = await downloading;
  const path = (await download.path())!;
  const bytes = await readFile(path);
  // An xlsx is a zip (PK…) of XML parts; a PDF starts with %PDF.
  const start = button === 'Export Excel' ? 'PK' : '%PDF';
  expect(bytes.subarray(0, start.length).toString('latin1'), `${button} gives a real file`).toBe(start);
  const text =
    button === 'Export Excel'
      ? execFileSync('unzip', ['-p', path], { encoding: 'utf8', maxBuffer: 16 << 20 })
      : execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  return { name: download.suggestedFilename(), text };
}
