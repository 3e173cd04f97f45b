declare module "autocannon" {
  interface Histogram {
    readonly average: number
    readonly mean: number
    readonly p50: number
    readonly p90: number
    readonly p99: number
    readonly max: number
  }
  interface Result {
    readonly requests: Histogram & { readonly total: number }
    readonly latency: Histogram
    readonly non2xx: number
    readonly errors: number
    readonly timeouts: number
    readonly duration: number
    readonly statusCodeStats: Record<string, { readonly count: number }>
  }
  /** One request of a sequence each connection cycles through; `setupRequest` may rewrite it before every send. */
  interface RequestSpec {
    readonly method?: string
    readonly path?: string
    readonly headers?: Record<string, string>
    readonly body?: string
    readonly setupRequest?: (request: RequestSpec) => RequestSpec
  }
  interface Options {
    readonly url: string
    readonly connections?: number
    readonly duration?: number
    readonly amount?: number
    readonly headers?: Record<string, string>
    readonly method?: string
    readonly body?: string
    readonly requests?: ReadonlyArray<RequestSpec>
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
