// Moved to src/domain/schemas (issue 57 item 4); this re-export goes once no module outside src/api reads it here.
export * from "../../domain/schemas/KnownFacts.js"
