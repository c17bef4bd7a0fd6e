const moduleInstance = Math.random().toString(36).slice(2);

/** The text of every page of a PDF, read with pdf.js (the legacy build runs in Node). */
export async function pdfText(data: Uint8Array): Promise<string> {
  // A real dynamic import: the test transform would turn import() into require(), which cannot load .mjs.
  // Its source text differs per test file: V8 reuses a function of the same text with the import
  // hook of the file that made it first, whose environment is gone once that file has finished.
  const importModule = new Function('specifier', `/* ${moduleInstance} */ return import(specifier)`) as (
    specifier: string,
  ) => Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')>;
  const pdfjs = await importModule('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n');
}
