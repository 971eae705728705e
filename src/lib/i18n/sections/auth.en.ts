/** Words of the first screen's sign-in parts: the check of a stored sign-in and the header's account area (English). */
export const authEn = {
  checking: 'Checking your sign-in…',
  account: {
    label: 'Your account',
    signedInAs: 'Signed in as',
    demoIdentity: 'Demo identity',
    /** The built-in demo identity's name (src/lib/session.tsx), in the screen's language. */
    demoAgent: 'Demo agent',
    signOut: 'Sign out',
    signingOut: 'Signing out…',
    signOutFailed: 'Signing out did not work. Try again.',
    sessionEnded: 'Session ended',
    signInAgain: 'Sign in again',
  },
};
