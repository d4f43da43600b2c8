/** One import takes at most 2^20 data rows and 512 MB: a full spreadsheet's worth, refused beyond. */
export const maxImportRows = 1_048_576;
export const maxImportBytes = 512 * 1024 * 1024;
/** How many first rows the start response and the dialog preview show. */
export const previewRows = 5;
