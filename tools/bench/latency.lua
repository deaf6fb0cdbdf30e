-- wrk script for `npm run bench:lists`: prints the run's 50th and 95th latency percentiles in
-- milliseconds and the answers that were not 2xx, on one line its caller reads.
done = function(summary, latency, requests)
  local errors = summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("latency p50=%.3f p95=%.3f requests=%d errors=%d\n",
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, summary.requests, errors))
end
