/**
 * Whether the active list versions `now` (ids of sanctions_versions, one per list) are newer than `compared`, the
 * versions the monitors were last compared with. A version replacing another is inserted after it (a larger id), so
 * `now` is newer when it holds a version `compared` does not and each such version is newer than every one it
 * replaces. An instance that has not loaded the newest versions yet holds older ones and must not move the monitors
 * back to them (and then forward again, reporting the same change twice).
 */
export const isNewerVersionSet = (now: ReadonlyArray<number>, compared: ReadonlyArray<number>): boolean => {
  const gained = now.filter((id) => !compared.includes(id))
  const lost = compared.filter((id) => !now.includes(id))
  if (gained.length === 0) return false
  return lost.length === 0 || Math.min(...gained) > Math.max(...lost)
}
