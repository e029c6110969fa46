// The load generator, run as its own process so it never shares an event loop with the server
// (or with the bench that starts it). Reads one JSON job from argv, runs autocannon, prints
// one JSON line: autocannon's figures and this process's own CPU time. Latencies are every
// response's own time in ms as a float (autocannon's histogram keeps whole ms, so its p99 of 10
// can be 10.9 ms); autocannon's whole-ms p99 is given too, as `wholeMsP99`.
import http from 'node:http'
import autocannon from 'autocannon'

const job = JSON.parse(process.argv[2])
const cpu = process.cpuUsage()
const started = performance.now()

/**
 * Requests at evenly spaced times over `connections` keep-alive sockets. autocannon's own rate
 * limit sends each connection's quota at the start of every second, so all connections fire
 * together and the figures measure that burst. Latency counts from the planned send time (or
 * the real one when a send goes out early), so a late send (a busy socket, a stalled
 * generator) counts against the server as it would for a real client.
 */
async function paced({ url, connections, duration, rate, headers, requests }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const latencies = []
  let non2xx = 0
  let errors = 0
  /** What the failed requests failed with (`ECONNRESET`…), so a table can say it. */
  const errorKinds = {}
  // A list of requests (GET only here) is cycled through, as autocannon does.
  const targets = requests?.map((r) => ({ url: new URL(r.path, url).href, headers: r.headers })) ?? [
    { url, headers },
  ]
  const send = (planned, target) =>
    new Promise((resolve) => {
      // From the planned time, so a late send (a busy generator) counts; or from the real send
      // when it goes out early (up to 1 ms, rather than a timer late). Math.max here counted a
      // late send from when it went out, and an early one from after it, below 0 at times.
      const start = Math.min(planned, performance.now())
      const request = http.get(target.url, { agent, headers: target.headers }, (response) => {
        response.resume()
        response.on('end', () => {
          if (response.statusCode < 200 || response.statusCode > 299) non2xx++
          latencies.push(performance.now() - start)
          resolve()
        })
      })
      request.on('error', (error) => {
        errors++
        const kind = error.code ?? error.message
        errorKinds[kind] = (errorKinds[kind] ?? 0) + 1
        resolve()
      })
    })
  const total = Math.round(duration * rate)
  const begin = performance.now() + 50
  const inFlight = []
  for (let i = 0; i < total; i++) {
    const planned = begin + (i * 1000) / rate
    const wait = planned - performance.now()
    if (wait > 1) await new Promise((r) => setTimeout(r, wait))
    inFlight.push(send(planned, targets[i % targets.length]))
  }
  await Promise.all(inFlight)
  agent.destroy()
  return {
    requests: { total: latencies.length, average: latencies.length / duration },
    latency: figures(latencies),
    errors,
    errorKinds,
    timeouts: 0,
    non2xx,
  }
}

/** Nearest-rank figures of a sample of latencies (ms). */
function figures(latencies) {
  latencies.sort((a, b) => a - b)
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? 0
  return {
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
    mean: latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length),
  }
}

async function cannon(job) {
  const latencies = []
  const instance = autocannon({
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
  // Each response's time from its request's send (process.hrtime, a float in ms).
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime))
  const result = await instance
  return { ...result, latency: figures(latencies), wholeMsP99: result.latency.p99 }
}

const result = job.paced ? await paced({ ...job, rate: job.paced }) : await cannon(job)
const used = process.cpuUsage(cpu)
console.log(
  JSON.stringify({
    requests: result.requests.total,
    seconds: (performance.now() - started) / 1000,
    rps: result.requests.average,
    latency: result.latency,
    ...(result.wholeMsP99 !== undefined && { wholeMsP99: result.wholeMsP99 }),
    errors: result.errors,
    errorKinds: result.errorKinds ?? {},
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    cpuMs: (used.user + used.system) / 1000,
  }),
)
