const moduleInstance = Math.random().toString(36).slice(2);

/** A run of text on a PDF's first page: its baseline and font size in points, y counted up from the bottom. */
export interface PdfTextRun {
  text: string;
  x: number;
  baseline: number;
  size: number;
}

async function openPdf(data: Uint8Array) {
  // A real dynamic import: the test transform would turn import() into require(), which cannot load .mjs.
  // Its source text differs per test file: V8 reuses a function of the same text with the import
  // hook of the file that made it first, whose environment is gone once that file has finished.
  const importModule = new Function('specifier', `/* ${moduleInstance} */ return import(specifier)`) as (
    specifier: string,
  ) => Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')>;
  const pdfjs = await importModule('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs.getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
}

/** The text of every page of a PDF, read with pdf.js (the legacy build runs in Node). */
export async function pdfText(data: Uint8Array): Promise<string> {
  const document = await openPdf(data);
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n');
}

/** Where each run of text sits on the first page, to check a layout. */
export async function pdfTextRuns(data: Uint8Array): Promise<PdfTextRun[]> {
  const document = await openPdf(data);
  const content = await (await document.getPage(1)).getTextContent();
  await document.destroy();
  return content.items.flatMap((item) =>
    'str' in item && item.str.trim()
      ? [
          {
            text: item.str,
            x: item.transform[4] as number,
            baseline: item.transform[5] as number,
            size: Math.abs(item.transform[3] as number),
          },
        ]
      : [],
  );
}
