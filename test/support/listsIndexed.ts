import { type Duration, Effect, Schedule } from "effect"
import type { ListId } from "../../src/sanctions/model.js"
import { call } from "./http.js"

/** A list the index must hold: its id, or its id and the version awaited. */
export type AwaitedList = ListId | { readonly list: ListId; readonly version: string }

type Held = ReadonlyArray<{ readonly list: string; readonly version: string }>

const heldOf = (body: unknown): Held | null => {
  const lists = (body as { lists?: unknown } | null)?.lists
  return Array.isArray(lists) ? lists as Held : null
}

/**
 * Waits until the server at `url` screens with every list of `lists` (the version given, where one is): its /health
 * says which list versions its index holds, and asking it spends no key's quota and keeps no check (a wait through
 * /v1/verify or /v1/screen would, with the key under test). A busy instance's 503 is asked again. Dies after `within`.
 */
export const listsIndexed = (url: string, lists: ReadonlyArray<AwaitedList>, within: Duration.Input = "60 seconds") =>
  Effect.promise(() => call(`${url}/health`)).pipe(
    Effect.map((reply) => heldOf(reply.body)),
    Effect.filterOrFail((held) => held !== null && lists.every((awaited) => held.some((l) =>
      typeof awaited === "string" ? l.list === awaited : l.list === awaited.list && l.version === awaited.version))),
    Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: within }))),
    Effect.orDie,
    Effect.asVoid
  )
