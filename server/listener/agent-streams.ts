/**
 * Per agent (the token's or the session's subject): how many streams are open, at most RELAY_MAX_STREAMS_PER_AGENT,
 * and when its relay session began, so that a reconnect replays nothing from before it (decision 0053). In this
 * process here; in Redis across receivers in redis-agent-streams.ts.
 */

/** One open stream's place: kept alive by the stream's heartbeat, given back when it ends. */
export type StreamSlot = { beat(): Promise<void>; release(): Promise<void> };

export type AgentStreams = {
  /**
   * When this agent's relay session began (ms): the first call of a presence, which lasts while the agent buys
   * tickets or streams, and PRESENCE_MS after.
   */
  since(subject: string): Promise<number>;
  /** A place for one more stream of this agent, or how long to wait (seconds) because it holds the most allowed. */
  open(subject: string): Promise<{ slot: StreamSlot } | { retryAfterSeconds: number }>;
};

export const DEFAULT_MAX_STREAMS_PER_AGENT = 5;
/** A presence ends this long after the agent's last ticket or heartbeat: a laptop asleep longer starts afresh. */
export const PRESENCE_MS = 15 * 60_000;

export type AgentStreamOptions = {
  now: () => number;
  max: number;
  /** How long a slot lives without a heartbeat (Redis: a killed receiver's streams age out after it). */
  staleMs: number;
  presenceMs?: number;
};

export const retryAfterOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createInProcessAgentStreams({ now, max, staleMs, presenceMs = PRESENCE_MS }: AgentStreamOptions): AgentStreams {
  // Streams end in this process when they end, so no slot can outlive it: a count per subject is exact.
  const open = new Map<string, number>();
  // Insertion order = order of the last refresh (delete + set), so expired presences are swept from the front.
  const presence = new Map<string, { since: number; until: number }>();

  function sweep(t: number) {
    for (const [subject, entry] of presence) {
      if (entry.until > t) break;
      if (!open.has(subject)) presence.delete(subject);
    }
  }

  function touch(subject: string): number {
    const t = now();
    sweep(t);
    const since = presence.get(subject)?.since ?? t;
    presence.delete(subject);
    presence.set(subject, { since, until: t + presenceMs });
    return since;
  }

  return {
    async since(subject) {
      return touch(subject);
    },
    async open(subject) {
      const count = open.get(subject) ?? 0;
      if (count >= max) return { retryAfterSeconds: retryAfterOf(staleMs) };
      open.set(subject, count + 1);
      let released = false;
      return {
        slot: {
          async beat() {
            if (!released) touch(subject);
          },
          async release() {
            if (released) return;
            released = true;
            const left = (open.get(subject) ?? 1) - 1;
            if (left > 0) open.set(subject, left);
            else open.delete(subject);
          },
        },
      };
    },
  };
}
