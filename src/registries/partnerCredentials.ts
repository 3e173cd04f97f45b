import { Config, Option } from "effect"
import type { Redacted } from "effect"
import type { PartnerCredentials } from "./adapters/RegistryAdapter.js"

/** `<prefix>_USERNAME` and `<prefix>_PASSWORD` as given (the password Redacted: never in a log line). */
export const partnerCredentialParts = (prefix: string) =>
  Config.all({
    username: Config.option(Config.String(`${prefix}_USERNAME`)),
    password: Config.option(Config.Redacted(`${prefix}_PASSWORD`))
  })

/** Both or neither: one without the other ("half") is a configuration error, not "off". */
export const partnerCredentialsOf = (parts: {
  readonly username: Option.Option<string>
  readonly password: Option.Option<Redacted.Redacted<string>>
}): PartnerCredentials | undefined | "half" => {
  const { password, username } = parts
  if (Option.isSome(username) && Option.isSome(password) && username.value.trim().length > 0) {
    return { username: username.value.trim(), password: password.value }
  }
  return Option.isNone(username) && Option.isNone(password) ? undefined : "half"
}
