import { Effect } from "effect"
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { pathToFileURL } from "node:url"

/**
 * The Scalar API reference's browser bundle (3.3 MB) that @effect/platform ships as one string literal in an internal
 * module. Importing that module keeps its source and the string in the heap for the process's life (12.8 MB:
 * `scripts/bench/moduleHeap.mjs`); the docs page instead loads the bundle as a script of its own, read from the
 * module's file on first request and kept as its UTF-8 bytes.
 */
const BUNDLE_MODULE = "dist/esm/internal/httpApiScalar.js"
const DECLARATION = "export const javascript="

/** The string literal's value, from the module's text (a JSON-compatible literal: the test checks it is the module's own). */
export const bundleFromModuleText = (text: string): string => {
  const start = text.indexOf(DECLARATION)
  const end = text.lastIndexOf("\";")
  if (start < 0 || end < start) throw new Error("the Scalar bundle's module no longer has the expected shape")
  const value: unknown = JSON.parse(text.slice(start + DECLARATION.length, end + 1))
  if (typeof value !== "string") throw new Error("the Scalar bundle's literal is not a string")
  return value
}

export const bundleModuleUrl = (): URL =>
  new URL(BUNDLE_MODULE, pathToFileURL(createRequire(import.meta.url).resolve("@effect/platform/package.json")))

/** Reads and decodes the bundle; the caller keeps the bytes. */
export const readScalarBundle: Effect.Effect<Uint8Array> = Effect.promise(() => readFile(bundleModuleUrl(), "utf8")).pipe(
  Effect.map((text) => new TextEncoder().encode(bundleFromModuleText(text)))
)
