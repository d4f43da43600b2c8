export { importJobDefinition } from './import-job.js';
export { importRoutes } from './routes.js';
export {
  batchRows,
  type ColumnMapping,
  type CsvItem,
  hasIdentityColumn,
  ImportBatch,
  mapHeader,
  maxImportRows,
  normalizeHeader,
  readCsvItems,
  rematchBatch,
  stageBatch,
  stopImportsAfterRestore,
  validateRow,
  writeBatch,
} from './service.js';
