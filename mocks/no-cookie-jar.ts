/**
 * The demo build's stand-in for tough-cookie, which MSW's browser build imports for a cookie jar: with its public
 * suffix list it is most of the demo service's chunk, parsed and run before the demo can answer (decision 0059).
 * The mocked service never sets a cookie and never reads one (the token travels in a header, decision 0020), so
 * the jar stays empty: the same answers. mocks/no-cookie-jar.test.ts checks the stand-in against MSW's own source.
 * Only the three names msw/lib/core/utils/cookieStore uses exist; vite.config.ts puts this in place of tough-cookie
 * for `--mode demo` only.
 */

type StoredCookie = { key: string; value: string; toString(): string };

/** Cookies kept from an earlier MSW are not read back: none of them was the mocked service's. */
export const Cookie = {
  fromJSON: (): StoredCookie | null => null,
};

export class MemoryCookieStore {
  idx: Record<string, unknown> = {};
}

export class CookieJar {
  constructor(readonly store?: MemoryCookieStore) {}

  getCookiesSync(): StoredCookie[] {
    return [];
  }

  /** A mocked answer that sets a cookie: not kept (the mocked service sends none). */
  async setCookie(): Promise<void> {}
}
