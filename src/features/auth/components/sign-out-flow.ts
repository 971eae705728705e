/** The sign-out code the header loads when it is needed (one chunk): what is unsent, the sign-out, the idle sign-out. */
export { signOutForgetting, unsentWork } from '../model/unsent';
export { IdleSignOut } from './idle-sign-out';
