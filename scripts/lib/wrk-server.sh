# Sourced by the scripts that drive `intentkit serve` with wrk on loopback (scripts/perf/load-test,
# compare-servers, count-instructions WHAT=server): installs wrk if missing and defines
#
#   write_parse_script UTTERANCES FILE [ROUTE]  # a wrk Lua script that posts UTTERANCES' lines to ROUTE
#                                        # (default /parse) in turn
#   start_server LOG SECONDS COMMAND...  # runs COMMAND (an `intentkit serve --port 0 …`, maybe under a
#                                        # tool) in the background, its stderr to LOG; sets $server (the
#                                        # pid) and $port once it listens, or exits after SECONDS
if ! command -v wrk > /dev/null; then
    echo "installing wrk (apt-get)" >&2
    { apt-get update -qq && apt-get install -y -qq wrk; } > /dev/null 2>&1 || sudo apt-get install -y -qq wrk > /dev/null
fi

write_parse_script() {
    local utterances route=${3:-/parse}
    utterances=$(realpath "$1")
    cat > "$2" <<LUA
-- Every request is formatted once, before the run: wrk shares the cores with the server, and
-- formatting a request per call would take its time from the server's.
local requests = {}
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
for line in io.lines("$utterances") do
  if #line > 0 then
    local text = line:gsub('\\\\', '\\\\\\\\'):gsub('"', '\\\\"')
    requests[#requests + 1] = wrk.format(nil, "$route", nil, '{"text": "' .. text .. '"}')
  end
end
local next = 0
request = function()
  next = next % #requests + 1
  return requests[next]
end
LUA
}

start_server() {
    local log=$1 seconds=$2
    shift 2
    "$@" 2> "$log" &
    server=$!
    port=""
    for _ in $(seq 1 $(( seconds * 10 ))); do
        port=$(grep -Eo '127\.0\.0\.1:[0-9]+' "$log" | head -n 1 | cut -d: -f2 || true)
        [[ -n $port ]] && return
        kill -0 "$server" 2> /dev/null || break
        sleep 0.1
    done
    echo "the server did not start" >&2
    cat "$log" >&2
    exit 1
}
