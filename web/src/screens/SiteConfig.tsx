import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SiteId, SiteWithHoles } from '@plod/model';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth';
import { ScreenHeader } from '../components/ScreenHeader';
import { useConnection } from '../sync';
import { AddSiteModal } from './site-config/AddSiteModal';
import { SITE_CONFIG_MESSAGES, reasonOf, type CleanupResult } from './site-config/api';
import { CleanupSettings } from './site-config/CleanupSettings';
import { ConfirmModal, deleteSiteMessage } from './site-config/ConfirmModal';
import { ExportManagement } from './site-config/ExportManagement';
import { ManualCleanup } from './site-config/ManualCleanup';
import { SiteGrid } from './site-config/SiteGrid';
import { SupervisorLoginModal } from './site-config/SupervisorLoginModal';
import { useSiteMutations, useSitesWithHoles } from './site-config/useSites';

const TITLE = 'Site Configuration & PLOD Management';

function Header() {
  return <ScreenHeader title={TITLE} backTo="/dashboard" backLabel="Back to Dashboard" />;
}

/** SPEC 4: locked until a supervisor signs in; Cancel goes back where the person came from. */
function Locked() {
  const navigate = useNavigate();
  const location = useLocation();
  // The first entry of this visit has nowhere to go back to: the reports list stands in.
  const goBack = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <>
      <Header />
      <Alert color="gray" variant="light" title="Locked" data-testid="site-config-locked">
        Sign in as a supervisor to configure sites.
      </Alert>
      <SupervisorLoginModal onCancel={() => void goBack()} />
    </>
  );
}

function Configuration() {
  const sites = useSitesWithHoles();
  const { addSite, updateSite, deleteSite } = useSiteMutations();
  const { enabled, browserOnline } = useConnection();
  const online = enabled && browserOnline;
  const [chosen, setChosen] = useState<SiteId | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<SiteWithHoles | null>(null);
  const [lastCleanup, setLastCleanup] = useState<ReadonlyMap<string, CleanupResult>>(new Map());
  const site = sites.find((s) => s.id === chosen) ?? sites[0] ?? null;

  const create = (siteName: string) => {
    // A new site is a new key in the setup document: it merges with whatever the server holds,
    // so there is nothing to wait for (offline included).
    let id: SiteId;
    try {
      id = addSite({ siteName });
    } catch (error) {
      throw new Error(reasonOf(error, SITE_CONFIG_MESSAGES.createFailed), { cause: error });
    }
    setChosen(id);
    setAdding(false);
    notifications.show({
      color: 'green',
      title: 'Site created',
      message: SITE_CONFIG_MESSAGES.created(siteName),
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, siteName } = deleting;
    setDeleting(null);
    try {
      deleteSite(id);
      notifications.show({ color: 'green', message: `Site "${siteName}" deleted` });
    } catch {
      notifications.show({ color: 'red', message: SITE_CONFIG_MESSAGES.deleteFailed });
    }
  };

  return (
    <>
      <Header />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mb="lg">
        <Button onClick={() => setAdding(true)}>Add New Site</Button>
        <Button component={Link} to="/site-setup" variant="light">
          Site Setup
        </Button>
        <Button component={Link} to="/live" variant="light">
          Live Reports
        </Button>
      </SimpleGrid>
      <Stack gap="lg">
        <Stack gap="sm" component="section" aria-label="Sites">
          <Title order={2} fz={22}>
            Sites
          </Title>
          <SiteGrid
            sites={sites}
            selectedId={site?.id ?? null}
            onSelect={setChosen}
            onDelete={setDeleting}
          />
        </Stack>
        {site && (
          <Stack gap="sm" data-testid="site-settings" data-site-id={site.id}>
            <Title order={2} fz={22}>
              {site.siteName}
            </Title>
            <Text c="dimmed" size="sm">
              Site id {site.id}
            </Text>
            <CleanupSettings key={site.id} site={site} updateSite={updateSite} />
            <ExportManagement site={site} online={online} />
            <ManualCleanup
              site={site}
              online={online}
              lastResult={lastCleanup.get(site.id) ?? null}
              onResult={(result) => setLastCleanup((prev) => new Map(prev).set(site.id, result))}
            />
          </Stack>
        )}
      </Stack>
      <Group justify="center" mt="xl">
        <Button component={Link} to="/dashboard" variant="subtle">
          Back to Dashboard
        </Button>
      </Group>
      <AddSiteModal opened={adding} onClose={() => setAdding(false)} onCreate={create} />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete site"
        message={deleting ? deleteSiteMessage(deleting.siteName) : ''}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}

/** Site Configuration & PLOD Management (/site-config). */
export default function SiteConfig() {
  const auth = useAuth();
  return auth.kind === 'supervisor' ? <Configuration /> : <Locked />;
}
