// Where a client account may go: its list of plods for review, a plod's report, and the public pages.

/** A client account's home: its sites' plods, to read, approve or return. */
export const CLIENT_HOME = '/review';

/** The whole plod, read-only, for anyone who may read it. */
export const plodReportPath = (id: string) => `/plods/${encodeURIComponent(id)}/report`;
