/**
 * Whether a host is this machine: a listen host (`127.0.0.1`, `::1`) or a URL's hostname (`[::1]`, `localhost`). The
 * only places where plain http is allowed (development, tests) and where DEV_AUTH_OFF=1 may switch authentication off.
 */
export const isLoopbackHost = (host: string) => host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
