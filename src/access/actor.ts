import type { ApiKeyIdentity } from "../domain/apiKeyIdentity.js"
import type { Role } from "../domain/roles.js"
import type { ListId } from "../sanctions/model.js"
import { effectiveLists } from "../screeningLists/choice.js"

/**
 * Who did something, as API objects carry it (`decided_by`, `created_by` ...): a member (their name as of the
 * action) or a key (its label as of the action). Stored as it was, so a later rename or removal changes nothing.
 */
export type Attribution =
  | { readonly type: "member"; readonly id: string; readonly name: string; readonly display_name?: string | null }
  | { readonly type: "key"; readonly id: string; readonly label: string | null }

/** Where a request came from, for the audit log (null: not known, e.g. a job or a monitor run). */
export interface Origin {
  readonly address: string | null
  readonly client: string | null
}

/** Who acts: the account that owns what is made, the key that made it (null: the console, with a session), and the person or key to credit. */
export interface Actor {
  readonly accountId: string
  readonly keyId: string | null
  /** Null: not recorded (a job or a monitor made before attribution existed). */
  readonly by: Attribution | null
  readonly origin?: Origin
  /**
   * The lists the account screens against, when this request already read them with its key (the admission
   * statement); absent (a session, a job, a monitor run), they are read when a verification needs them.
   */
  readonly lists?: ReadonlyArray<ListId>
  /** False when this request's admission found no reviewer decision in force for the account: none is looked up. */
  readonly decisionsRecorded?: boolean
  /** A signed-in member (the console): who, in the role their request was admitted with; fenced writes hold both. */
  readonly member?: { readonly id: string; readonly role: Role }
}

/** An actor with a key (what counts against a key's quota needs one). */
export interface KeyActor extends Actor {
  readonly keyId: string
}

export const keyAttribution = (key: { readonly id: string; readonly label: string | null }): Attribution =>
  ({ type: "key", id: key.id, label: key.label })

export const actorOf = (key: ApiKeyIdentity, origin?: Origin): KeyActor => ({
  accountId: key.accountId,
  keyId: key.id,
  by: keyAttribution(key),
  ...(origin === undefined ? {} : { origin }),
  lists: effectiveLists(key.screeningLists),
  decisionsRecorded: key.decisionsRecorded
})

/** A page of an account's list: `keyId` narrows it to what one key made (`?key_id=`). */
export interface PageParams {
  readonly key_id?: string | undefined
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
}
