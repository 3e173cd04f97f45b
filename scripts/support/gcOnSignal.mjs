// Loaded into a server under measurement (node --expose-gc --import): on SIGUSR2 one full garbage collection, at once
// (scripts/gc-promotion.ts --force-gc: what a full collection during traffic does to the young generation after it).
process.on("SIGUSR2", () => {
  if (typeof globalThis.gc === "function") globalThis.gc()
})
