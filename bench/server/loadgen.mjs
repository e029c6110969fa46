// The load generator, run as its own process so it never shares an event loop with the server
// (or with the bench that starts it). Reads one JSON job from argv, runs autocannon, prints
// one JSON line: autocannon's figures and this process's own CPU time.
import autocannon from 'autocannon'

const job = JSON.parse(process.argv[2])
const cpu = process.cpuUsage()
const started = performance.now()
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  ...(job.amount ? { amount: job.amount } : { duration: job.duration }),
  ...(job.overallRate && { overallRate: job.overallRate }),
  headers: job.headers ?? {},
  ...(job.method && { method: job.method }),
  ...(job.body && { body: job.body }),
  ...(job.requests && { requests: job.requests }),
  timeout: 30,
})
const used = process.cpuUsage(cpu)
console.log(
  JSON.stringify({
    requests: result.requests.total,
    seconds: (performance.now() - started) / 1000,
    rps: result.requests.average,
    latency: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.mean,
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    cpuMs: (used.user + used.system) / 1000,
  }),
)
