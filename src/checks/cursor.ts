/** A page position (created_at, id) as an opaque URL-safe token. A token this service did not make reads as none. */
export const encodeCursor = (at: Date, id: string): string => Buffer.from(`${at.toISOString()}|${id}`, "utf8").toString("base64url")

export const decodeCursor = (token: string): { readonly at: Date; readonly id: string } | null => {
  const [at, id] = Buffer.from(token, "base64url").toString("utf8").split("|")
  if (at === undefined || id === undefined || !/^[0-9a-f-]{36}$/.test(id)) return null
  const date = new Date(at)
  return Number.isNaN(date.getTime()) ? null : { at: date, id }
}
