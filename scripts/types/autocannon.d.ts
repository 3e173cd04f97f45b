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
  interface Options {
    readonly url: string
    readonly connections?: number
    readonly duration?: number
    readonly amount?: number
    readonly headers?: Record<string, string>
    readonly method?: string
    readonly body?: string
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
