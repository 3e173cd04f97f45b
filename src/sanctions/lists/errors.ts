import { Data } from "effect"

/** A list file could not be read or does not have the documented format; nothing is stored. */
export class SanctionsParseError extends Data.TaggedError("SanctionsParseError")<{
  readonly file: string
  readonly message: string
}> {}

/** A file set was recognised but is refused (unknown file set, too many entries lost ...). */
export class SanctionsIngestRefused extends Data.TaggedError("SanctionsIngestRefused")<{
  readonly list: string
  readonly message: string
  /** Why, for a caller that can offer the override: too many entries lost, or older than the active version. */
  readonly reason?: "entries_lost" | "older_version"
}> {}

/** `--download` could not fetch an official file (no network, HTTP error ...). */
export class SanctionsDownloadError extends Data.TaggedError("SanctionsDownloadError")<{
  readonly url: string
  readonly message: string
}> {}
