/**
 * The Lua scripts of the Redis log and ticket store: each runs atomically in Redis, so two receivers deciding at
 * once (the same eventId, the same token) cannot both win. Ids are formatted with %d: Lua would print 1.7e+14.
 */

/** Shared by the scripts: the time in ms by Redis's clock, and an event id as a stream entry id (event-ids.ts). */
const helpers = `
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function stream_id(id)
  return string.format('%d-%d', math.floor(id / 100), id % 100)
end
local function id_of(stream_id)
  local ms, n = string.match(stream_id, '^(%d+)-(%d+)$')
  return tonumber(ms) * 100 + tonumber(n)
end
`;

/**
 * KEYS: floor, head. Starts the log if it has no epoch yet (a new Redis, or one that lost its data): floor = head =
 * now × 100. Returns { floor, head }.
 */
export const INIT = `${helpers}
local floor = redis.call('GET', KEYS[1])
if not floor then
  floor = string.format('%d', now_ms() * 100)
  redis.call('SET', KEYS[1], floor)
  redis.call('SET', KEYS[2], floor)
end
return { floor, redis.call('GET', KEYS[2]) or floor }
`;

/**
 * KEYS: stream, head, floor, seen (the duplicate window: a sorted set of pair hashes scored by their event's id).
 * ARGV: max length, the duplicate window (ms), eventType, eventId ('' when none: never a duplicate), receivedAt, data, the pair's
 * hash. Ids are time × 100 (event-ids.ts), so the window is trimmed by score: the set holds the window's events only.
 * Returns { 1, original id } for a duplicate, { 0, id } when appended.
 */
export const PUBLISH = `${helpers}
local now = now_ms() * 100
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', '(' .. string.format('%d', now - tonumber(ARGV[2]) * 100))
if ARGV[4] ~= '' then
  local seen = redis.call('ZSCORE', KEYS[4], ARGV[7])
  if seen then return { 1, string.format('%d', tonumber(seen)) } end
end
if not redis.call('GET', KEYS[3]) then
  redis.call('SET', KEYS[3], string.format('%d', now))
end
local head = tonumber(redis.call('GET', KEYS[2]) or '0')
local id = math.max(head + 1, now)
local sid = stream_id(id)
-- The stream keeps at most ARGV[1] entries. Deleted one by one (not XADD MAXLEN): only XDEL records the newest
-- deleted id, which READ needs to tell a gap.
local excess = redis.call('XLEN', KEYS[1]) + 1 - tonumber(ARGV[1])
if excess > 0 then
  for _, entry in ipairs(redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', excess)) do redis.call('XDEL', KEYS[1], entry[1]) end
end
redis.call('XADD', KEYS[1], sid, 'eventType', ARGV[3], 'eventId', ARGV[4], 'receivedAt', ARGV[5], 'data', ARGV[6])
local text = string.format('%d', id)
redis.call('SET', KEYS[2], text)
if ARGV[4] ~= '' then
  redis.call('ZADD', KEYS[4], id, ARGV[7])
  redis.call('PEXPIRE', KEYS[4], ARGV[2])
end
return { 0, text }
`;

/**
 * KEYS: stream, head, floor. ARGV: after, limit.
 * Returns { reset ('' | 'gap' | 'restart'), head, entries } with at most `limit` entries after `after` (after a
 * reset: from the oldest). A position below the epoch or above the head is not ours (restart); one below the
 * newest entry the stream trimmed away has lost events (gap).
 */
export const READ = `${helpers}
local floor = tonumber(redis.call('GET', KEYS[3]) or '0')
local head = tonumber(redis.call('GET', KEYS[2]) or '0')
local after = tonumber(ARGV[1])
local trimmed = 0
if redis.call('EXISTS', KEYS[1]) == 1 then
  local info = redis.call('XINFO', 'STREAM', KEYS[1])
  for i = 1, #info, 2 do
    if info[i] == 'max-deleted-entry-id' then trimmed = id_of(info[i + 1]) end
  end
end
local reset = ''
local start = '-'
if after < floor or after > head then
  reset = 'restart'
elseif after < trimmed then
  reset = 'gap'
else
  start = '(' .. stream_id(after)
end
return { reset, string.format('%d', head), redis.call('XRANGE', KEYS[1], start, '+', 'COUNT', ARGV[2]) }
`;

/**
 * KEYS: ticket, the token's outstanding tickets (sorted set by expiry), every outstanding ticket (likewise).
 * ARGV: lifetime ms, per-token limit, overall limit, stream end (ms), member (the ticket's hash), since (ms), subject.
 * Returns { 1, 0 } when issued; { 0, ms until a place frees, 1 } when the token holds the most allowed (2: everyone).
 * Nothing is ever evicted: a full store refuses the newcomer.
 */
export const ISSUE_TICKET = `${helpers}
local now = now_ms()
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
for i, key in ipairs({ KEYS[2], KEYS[3] }) do
  local limit = tonumber(ARGV[1 + i])
  if redis.call('ZCARD', key) >= limit then
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    return { 0, math.max(1, tonumber(oldest[2]) - now), i }
  end
end
local expires = now + tonumber(ARGV[1])
redis.call('SET', KEYS[1], ARGV[4] .. ' ' .. ARGV[6] .. ' ' .. KEYS[2] .. ' ' .. ARGV[7], 'PX', ARGV[1])
redis.call('ZADD', KEYS[2], expires, ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[3], expires, ARGV[5])
return { 1, 0 }
`;

/**
 * KEYS: ticket, every outstanding ticket. ARGV: member. The ticket's value is `<stream end> <since> <owner key>
 * <subject>`. Returns { stream end, since, subject } once; nil when unknown or spent.
 */
export const REDEEM_TICKET = `
local value = redis.call('GET', KEYS[1])
if not value then return false end
redis.call('DEL', KEYS[1])
local until_ms, since, owner, subject = string.match(value, '^(%d+) (%d+) (%S+) (.*)$')
if not owner then return false end
redis.call('ZREM', owner, ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return { until_ms, since, subject }
`;

/**
 * KEYS: the agent's open streams (sorted set: stream id by its last heartbeat, Redis's clock). ARGV: stale ms, the
 * most allowed, the new stream's id. A stream whose receiver died stops beating and is not counted after stale ms.
 * Returns { 1, 0 } when opened; { 0, ms until the oldest would age out } when the agent holds the most allowed.
 */
export const OPEN_STREAM = `${helpers}
local now = now_ms()
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return { 0, math.max(1, tonumber(oldest[2]) + tonumber(ARGV[1]) - now) }
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return { 1, 0 }
`;

/** KEYS: the agent's open streams, its session start. ARGV: stale ms, presence ms, the stream's id. A heartbeat. */
export const BEAT_STREAM = `${helpers}
redis.call('ZADD', KEYS[1], now_ms(), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 1
`;

/** KEYS: the agent's session start. ARGV: presence ms. Starts it now unless it runs; keeps it; returns it (ms). */
export const SINCE = `${helpers}
redis.call('SET', KEYS[1], string.format('%d', now_ms()), 'NX', 'PX', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return redis.call('GET', KEYS[1])
`;
