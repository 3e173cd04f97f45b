import type { ApiKeyIdentity } from "../api/security.js"

/** Who acts: the account that owns what is made, and the key that made it (null: the dashboard, with a session). */
export interface Actor {
  readonly accountId: string
  readonly keyId: string | null
}

/** An actor with a key (what counts against a key's quota needs one). */
export interface KeyActor extends Actor {
  readonly keyId: string
}

export const actorOf = (key: ApiKeyIdentity): KeyActor => ({ accountId: key.accountId, keyId: key.id })

/** A page of an account's list: `keyId` narrows it to what one key made (`?key_id=`). */
export interface PageParams {
  readonly key_id?: string | undefined
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
}
