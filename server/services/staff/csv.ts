type Cell = string | number | null;

/** One column of a CSV file: its heading and how a row fills it; `written` cells are made here, never a person's text. */
export interface CsvColumn<Row> {
  heading: string;
  value(row: Row): Cell;
  written?: boolean;
}

export const column = <Row>(heading: string, value: (row: Row) => Cell): CsvColumn<Row>[] => [{ heading, value }];

/** Money as two columns, "… (cents)" and "… (USD)", so a spreadsheet needs no conversion and an import no rounding. */
export const moneyColumns = <Row>(heading: string, cents: (row: Row) => number): CsvColumn<Row>[] => [
  { heading: `${heading} (cents)`, value: cents },
  { heading: `${heading} (USD)`, value: (row) => dollars(cents(row)), written: true },
];

const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

// A spreadsheet runs a cell that starts like a formula; a leading apostrophe makes it text.
const formulaStart = /^[=+\-@\t\r]/;

/**
 * A text cell as RFC 4180 writes it: quoted when it holds a quote, comma or line break, quotes
 * doubled. Text that a spreadsheet would take for a formula gets an apostrophe first (a
 * negative dollar amount made here is not text, so it stays a number).
 */
function textCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const cell = (value: Cell, written = false) => {
  if (value === null) return '';
  return typeof value === 'number' || written ? String(value) : textCell(value);
};

/** The file's lines end in CRLF (RFC 4180); a byte order mark first, so spreadsheets read the file as UTF-8. */
const csvHeading = <Row>(columns: CsvColumn<Row>[]) => `\uFEFF${columns.map((entry) => textCell(entry.heading)).join(',')}\r\n`;

const csvLine = <Row>(columns: CsvColumn<Row>[], row: Row) =>
  `${columns.map((entry) => cell(entry.value(row), entry.written)).join(',')}\r\n`;

/**
 * A CSV file sent as it is read: its heading, then page after page of rows (each page read
 * after the last row of the one before), so a long range never sits in memory at once.
 */
export function csvStream<Row>(
  columns: CsvColumn<Row>[],
  pageAfter: (last: Row | null) => Promise<Row[]>,
  onFailure: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last: Row | null = null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvHeading(columns)));
    },
    async pull(controller) {
      try {
        const rows = await pageAfter(last);
        if (!rows.length) return controller.close();
        last = rows[rows.length - 1];
        controller.enqueue(encoder.encode(rows.map((row) => csvLine(columns, row)).join('')));
      } catch (error) {
        // The answer's status has gone out: the download breaks off, and the cause is only in the log.
        onFailure(error);
        controller.error(error);
      }
    },
  });
}
