import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './api';
import type { Notice } from './notice';
import { i18nKey } from './text';

export type ExportFormat = 'excel' | 'pdf';

/**
 * The export buttons' flow: `run(format, download)` marks that button busy, fetches the file
 * (`download` saves it and gives its name) and reports the outcome through `onNotice`.
 */
export function useExport(onNotice: (notice: Notice) => void) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat, download: () => Promise<string>) => {
    setExporting(format);
    onNotice(null);
    try {
      const name = await download();
      onNotice({ kind: 'success', text: t('File downloaded: {{name}}', { name }) });
    } catch (error) {
      console.error('Export failed', error);
      onNotice({ kind: 'error', text: t(errorText(error, i18nKey('Export failed. Please try again later.'))) });
    } finally {
      setExporting(null);
    }
  };
  return { exporting, run };
}
