-- wrk script for `npm run bench`'s contact create: each request sends the next of the bodies
-- in BENCH_BODIES (one JSON body a line, each with its own solved human check, which can be
-- spent only once), from its own forwarded address. wrk runs for a fixed time, so there must be
-- more bodies than it sends (bench.ts checks); past the last, the thread stops.
local bodies = {}
for line in io.lines(os.getenv("BENCH_BODIES")) do bodies[#bodies + 1] = line end
local sent = 0

request = function()
  sent = sent + 1
  if sent > #bodies then
    wrk.thread:stop()
    sent = #bodies
  end
  return wrk.format("POST", "/api/v1/contacts/create", {
    ["content-type"] = "application/json",
    ["x-forwarded-for"] = "198.51.100." .. (sent % 250),
  }, bodies[sent])
end
