/** A supervisor's home, where a sign-in leads when no screen sent them there: Live Reports. */
export const SUPERVISOR_HOME = '/live';
