/** The polite live region where short notices (a failed background refresh, a status change) appear. */
export function ToastRegion() {
  return null;
}
