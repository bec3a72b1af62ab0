/** SPEC 8's alerts for Download Data and Sync Now. */
export const OFFLINE_MESSAGES = {
  downloaded: 'Successfully downloaded all data for offline use!',
  downloadFailed: 'Failed to download offline data. Please check your connection.',
  downloadError: 'Error downloading offline data.',
  synced: 'Successfully synced all pending data!',
  syncFailed: 'Failed to sync data. Please check your connection.',
  syncError: 'Error syncing data.',
} as const;
