// An OTLP/HTTP receiver on 127.0.0.1 that accepts every export (answers {}) and, on SIGTERM, says how many it took:
// the far end of `bench:http -- --compare-env "OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 OTEL_TRACES_SAMPLER_ARG=0.1"`.
import http from "node:http"
const port = Number(process.env.PORT ?? 4318)
let posts = 0, bytes = 0
http.createServer((req, res) => {
  req.on("data", (c) => { bytes += c.length })
  req.on("end", () => { posts++; res.writeHead(200, { "content-type": "application/json" }); res.end("{}") })
}).listen(port, "127.0.0.1", () => console.error(`otlp sink on 127.0.0.1:${port}`))
process.on("SIGTERM", () => { console.error(`otlp sink: ${posts} exports, ${bytes} bytes`); process.exit(0) })
