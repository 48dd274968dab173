/**
 * What a cell of a CSV or TSV file may not start with unchanged: a spreadsheet program reads a cell opening
 * with `=`, `+`, `-` or `@` as a formula, and some strip a leading tab or carriage return first, so text a
 * person wrote could run in the program of whoever opens the file (OWASP, "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/u;

/**
 * A cell as every CSV and TSV file of the platform writes it: text that would open as a formula gets a single
 * quote in front (OWASP's advice), which spreadsheets show as text; anything else is left as it is. The
 * trade-off, documented wherever such files are described: a sentence that really starts with `-` reads
 * `'-…` in those files (the JSON Lines and Parquet forms keep the text as written).
 */
export const neutraliseCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);
