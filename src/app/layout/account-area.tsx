/** Who is signed in, sign-out and the session-expiry warning: the sign-in issue fills this in. */
export function AccountArea() {
  return null;
}
