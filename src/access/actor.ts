import type { ApiKeyIdentity } from "../api/security.js"
import type { ListId } from "../sanctions/model.js"
import { effectiveLists } from "../screeningLists/ScreeningLists.js"

/** Who acts: the account that owns what is made, and the key that made it (null: the dashboard, with a session). */
export interface Actor {
  readonly accountId: string
  readonly keyId: string | null
  /**
   * The lists the account screens against, when this request already read them with its key (the admission
   * statement); absent (a session, a job, a monitor run), they are read when a verification needs them.
   */
  readonly lists?: ReadonlyArray<ListId>
  /** False when this request's admission found no reviewer decision in force for the account: none is looked up. */
  readonly decisionsRecorded?: boolean
}

/** An actor with a key (what counts against a key's quota needs one). */
export interface KeyActor extends Actor {
  readonly keyId: string
}

export const actorOf = (key: ApiKeyIdentity): KeyActor => ({
  accountId: key.accountId,
  keyId: key.id,
  lists: effectiveLists(key.screeningLists),
  decisionsRecorded: key.decisionsRecorded
})

/** A page of an account's list: `keyId` narrows it to what one key made (`?key_id=`). */
export interface PageParams {
  readonly key_id?: string | undefined
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
}
