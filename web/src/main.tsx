// First: settings that must be in place before any library loads (see the file).
import './auth/no-eval';
import { notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { App } from './app/App';
import { afterFirstScreen } from './app/first-screen';
import { retryingInstall, whenInstallFails } from './app/offline-install';
import { checkForUpdatesOnReturn, offerUpdate } from './app/update';
import { startSignOutIfAsked } from './auth/sign-out-on-load';
import { getDeviceToken } from './auth/store';
import { loadPhoneRows } from './reports/phone-rows';
import { watchPhoneRow } from './reports/watch-phone-row';
import { createAppRouter } from './routes/router';
import { requestPersistentStorage } from './session/storage';
import { createSyncRuntime } from './sync';

// A sign-out from the supervisor menu ends the session before any document opens.
startSignOutIfAsked();
// A joined phone's list paints from its own rows: their read starts now, beside the list's code
// and before any document opens, so the list's first render can already draw them.
if (getDeviceToken()) void loadPhoneRows();
// Made once, outside React: StrictMode's double mounting must not open documents twice.
// Each plod open on the phone keeps its row in the phone's list current. The hole register is kept
// open once the first screen has shown (a screen that reads it opens it at once).
const sync = createSyncRuntime({ watchDoc: watchPhoneRow, holesWhenFree: afterFirstScreen });
const router = createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App router={router} sync={sync} />
  </StrictMode>,
);

// A new version waits until the person taps Reload (UpdatePrompt): never a reload by itself. A first
// install that fails (one file of the app not fetched) is tried again while the page stays open.
const startServiceWorker = retryingInstall((failed) => {
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      offerUpdate(() => updateSW(true));
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      checkForUpdatesOnReturn(registration);
      whenInstallFails(registration, failed);
    },
    onRegisterError: failed,
    onOfflineReady() {
      notifications.show({
        title: 'Ready to work offline',
        message: 'Plod is saved on this device and opens with no signal.',
      });
    },
  });
});
startServiceWorker();

// A joined phone asks the browser to keep its storage (the Join screen asks at the moment of joining).
if (getDeviceToken()) void requestPersistentStorage();
