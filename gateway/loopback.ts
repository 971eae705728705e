/** Whether a URL's host is this machine: the only place where the gateway allows plain http (development, tests). */
export const isLoopbackHost = (hostname: string) => hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
