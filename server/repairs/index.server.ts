/**
 * The repairs context's server surface (SPEC §2 repair flow, §4 "Repair", §7 repair admin calls): the service
 * factory and its types, the photo storage port and its adapters (decisions 066, 084), the parsers of the repair
 * API's and the forms' input, and the HTTP pieces the repair routes serve (the API, the repair desk's door).
 */
export { createRepairsService, type RepairsDeps, type RepairsService } from './service.server';
export { RepairError, parseId } from './errors';
export type * from './types';
export { photoUrl } from './types';
export type { UploadStorage, StoredObject } from './upload-storage';
export { createDiskStorage } from './disk-storage.server';
export { createDatabaseStorage } from './database-storage.server';
export { createUploadStorage, type UploadStorageKind } from './upload-storage.server';
export * from './requests';
export { draftProgress } from './drafts.server';
export { serveRepairApi, PROVIDER_UNAVAILABLE } from './api-caller.server';
export { handleRepairApi, photoResponse, type RepairApiContext } from './api.server';
export { anonymiseCustomerRepairs } from './anonymise.server';
