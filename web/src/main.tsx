// First: settings that must be in place before any library loads (see the file).
import './auth/no-eval';
import { notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { App } from './app/App';
import { createAppRouter } from './routes/router';
import { createSyncRuntime } from './sync';

// Made once, outside React: StrictMode's double mounting must not open documents twice.
const sync = createSyncRuntime();
const router = createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App router={router} sync={sync} />
  </StrictMode>,
);

registerSW({
  immediate: true,
  onOfflineReady() {
    notifications.show({
      title: 'Ready to work offline',
      message: 'Plod is saved on this device and opens with no signal.',
    });
  },
});
