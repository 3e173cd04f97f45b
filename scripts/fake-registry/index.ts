export { loadRecords, parseRecords, type LoadedRecords } from "./records.js"
export {
  type Fault,
  type FakeRegistry,
  type FakeRegistryId,
  type FakeRegistryOptions,
  type FakeRegistryStats,
  type SeenRequest,
  fakeRegistryIds,
  faults,
  startFakeRegistry
} from "./server.js"
export { fakeRegistryScoped } from "./scoped.js"
export { fakeBrsCredentials } from "./wire/keBrs.js"
