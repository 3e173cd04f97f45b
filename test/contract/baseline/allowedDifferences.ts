/**
 * The differences between the OpenAPI document served today and the one served on Effect 3 (openapi.effect3.json,
 * written from main at bb2b139 with effect 3.22 and @effect/platform 0.97) that are fixes: each names the JSON Pointers
 * it covers (a pattern over the whole pointer) and why the new text is the right one. Nothing else may differ.
 */
export interface AllowedDifference {
  readonly pointers: RegExp
  readonly why: string
}

export const allowedDifferences: ReadonlyArray<AllowedDifference> = []
