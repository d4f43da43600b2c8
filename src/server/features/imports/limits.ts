/** One import takes at most 2^20 data rows: a full spreadsheet's worth, refused beyond. Bytes: `IMPORT_MAX_BYTES`. */
export const maxImportRows = 1_048_576;
/** How many first rows the start response and the dialog preview show. */
export const previewRows = 5;
