import { SqlClient } from "effect/sql"
import { Config, Effect, Option, Redacted, Context, Layer } from "effect"
import { InvalidRequest } from "../domain/errors.js"
import { type CursorPosition, type CursorScope, openCursor, positionOf, positionText, sealCursor } from "../domain/cursor.js"

export type { CursorPosition }

const refused = InvalidRequest.of("cursor: must be a next_cursor this list gave, for this account and these filters")

/** A list's pages for one scope: where a cursor says to go on, and the cursor of the next page. */
export interface Pager {
  /** The position the cursor names (null: the first page); any token not made for this scope is a 400. */
  readonly after: (cursor: string | undefined) => Effect.Effect<CursorPosition | null, InvalidRequest>
  /** A keyset page read with `limit + 1` rows: the rows shown, and the next page's cursor when the extra row says so. */
  readonly page: <R extends { readonly id: string; readonly created_at: Date | string }>(rows: ReadonlyArray<R>, limit: number) => {
    readonly shown: ReadonlyArray<R>
    readonly nextCursor: string | null
  }
  readonly seal: (position: CursorPosition) => string
  /** The same for a payload that is not a keyset position (e.g. the audit log's sequence number). */
  readonly open: (cursor: string | undefined) => Effect.Effect<string | null, InvalidRequest>
  readonly sealText: (payload: string) => string
}

/**
 * Page cursors sealed with the server's secret (HMAC over the list, the account, the filters and the position):
 * KYB_CURSOR_SECRET when set, else the one the migrations made and keep in the database (so every instance of a
 * fleet, and a restarted one, opens the cursors another gave). Read on first use.
 */
export class Cursors extends Context.Service<Cursors>()("kyb/Cursors", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const configured = yield* Config.option(Config.Redacted("KYB_CURSOR_SECRET"))
    let held: Uint8Array | undefined = Option.match(configured, { onNone: () => undefined, onSome: (s) => Buffer.from(Redacted.value(s), "utf8") })

    const stored = sql<{ value: string }>`SELECT value FROM server_secrets WHERE name = 'cursor'`.pipe(
      Effect.flatMap(([row]) => row === undefined ? Effect.die(new Error("server_secrets has no cursor secret: run the migrations")) : Effect.succeed(Buffer.from(row.value, "hex"))),
      Effect.orDie
    )

    const secret: Effect.Effect<Uint8Array> = Effect.suspend(() =>
      held !== undefined ? Effect.succeed(held) : Effect.tap(stored, (s) => Effect.sync(() => { held = s })))

    const bind = (scope: CursorScope): Effect.Effect<Pager> =>
      Effect.map(secret, (key) => {
        const open = (cursor: string | undefined) =>
          cursor === undefined ? Effect.succeed(null) : Option.match(Option.fromNullishOr(openCursor(key, scope, cursor)), {
            onNone: () => Effect.fail(refused),
            onSome: (payload) => Effect.succeed(payload)
          })
        const seal = (position: CursorPosition) => sealCursor(key, scope, positionText(position))
        return {
          open,
          sealText: (payload) => sealCursor(key, scope, payload),
          seal,
          after: (cursor) => Effect.flatMap(open(cursor), (payload) => {
            if (payload === null) return Effect.succeed(null)
            const position = positionOf(payload)
            return position === null ? Effect.fail(refused) : Effect.succeed(position)
          }),
          page: (rows, limit) => {
            const shown = rows.slice(0, limit)
            const last = shown.at(-1)
            return { shown, nextCursor: rows.length > limit && last !== undefined ? seal({ at: new Date(last.created_at), id: last.id }) : null }
          }
        }
      })

    /**
     * A keyset page of an account's list: `read` gets the rows after the cursor's (one more than the page, newest
     * first), narrowed to one key when `key_id` is given; the rows shown and the next cursor.
     */
    const readPage = <R extends { readonly id: string; readonly created_at: Date | string }, Err, Req>(
      scope: CursorScope,
      params: { readonly key_id?: string | undefined; readonly limit?: number | undefined; readonly cursor?: string | undefined },
      fallbackLimit: number,
      read: (query: { readonly keyId: string | null; readonly afterId: string | null; readonly limit: number }) => Effect.Effect<ReadonlyArray<R>, Err, Req>
    ) =>
      Effect.gen(function*() {
        const pager = yield* bind({ ...scope, filters: { ...scope.filters, key_id: params.key_id } })
        const after = yield* pager.after(params.cursor)
        const limit = params.limit ?? fallbackLimit
        const rows = yield* read({ keyId: params.key_id ?? null, afterId: after?.id ?? null, limit: limit + 1 })
        return pager.page(rows, limit)
      })

    return { bind, readPage } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
