-- wrk script: sends pre-built requests, each exactly once (signed requests carry a nonce that must not be
-- replayed). File per thread: "<prefix>.<thread index>", one request per line:
--   path \t header-name=value \t header-name=value ...
-- Every run of the benchmark uses this script, padded or signed, so wrk does the same work per request.
local count = 0

function setup(thread)
    count = count + 1
    thread:set("index", count)
end

local requests = {}
local position = 0

function init(args)
    for line in io.lines(args[1] .. "." .. index) do
        local fields = {}
        for field in line:gmatch("[^\t]+") do fields[#fields + 1] = field end
        local headers = {}
        for i = 2, #fields do
            local name, value = fields[i]:match("^([^=]+)=(.*)$")
            headers[name] = value
        end
        requests[#requests + 1] = wrk.format("GET", fields[1], headers)
    end
end

function request()
    position = position + 1
    if position > #requests then position = 1 end  -- a replay: refused (401), reported as non-2xx by wrk
    return requests[position]
end
