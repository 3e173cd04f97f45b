import { Effect, Option, Schema, Context, Layer } from "effect"
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto"
import { SessionFlashRepo } from "./SessionFlashRepo.js"
import { sha256 } from "./tokens.js"

/** What a page shows once after the redirect of the form that made it (issue 42): a secret never goes in a URL. */
export const Flash = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("api_key"), secret: Schema.String, rotated: Schema.Boolean }),
  Schema.Struct({ kind: Schema.Literal("webhook_secret"), secret: Schema.String, webhookId: Schema.String }),
  Schema.Struct({ kind: Schema.Literal("recovery_codes"), codes: Schema.Array(Schema.String) })
])
export type Flash = typeof Flash.Type

const decode = Schema.decodeUnknownOption(Schema.fromJsonString(Flash))

/** The flash's key comes from the session token, which only the browser holds (the database keeps its hash). */
const keyOf = (sessionToken: string) => createHmac("sha256", sessionToken).update("kyb flash v1").digest()

const seal = (sessionToken: string, flash: Flash): Uint8Array => {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", keyOf(sessionToken), iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(flash), "utf8"), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body])
}

const open = (sessionToken: string, sealed: Uint8Array): Option.Option<Flash> => {
  const bytes = Buffer.from(sealed)
  if (bytes.length < 29) return Option.none()
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(sessionToken), bytes.subarray(0, 12))
    decipher.setAuthTag(bytes.subarray(12, 28))
    return decode(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8"))
  } catch {
    return Option.none()
  }
}

/**
 * One flash per session, read once: `put` after the form's work, then a 303 to the page that `take`s it; a reload of
 * that page finds nothing (and so never makes another key).
 */
export class SessionFlash extends Context.Service<SessionFlash>()("kyb/SessionFlash", {
  make: Effect.gen(function*() {
    const repo = yield* SessionFlashRepo
    const put = (sessionToken: string, flash: Flash) =>
      sessionToken === "" ? Effect.succeed(false) : repo.put(sha256(sessionToken), seal(sessionToken, flash)).pipe(Effect.orDie)
    const take = (sessionToken: string) =>
      sessionToken === ""
        ? Effect.succeed(Option.none<Flash>())
        : repo.take(sha256(sessionToken)).pipe(Effect.map(Option.flatMap((sealed) => open(sessionToken, sealed))), Effect.orDie)
    return { put, take } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([SessionFlashRepo.Default]))
}
