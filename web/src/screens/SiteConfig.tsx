import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SiteWithHoles } from '@plod/model';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth';
import { useConfirm } from '../components/ConfirmModal';
import { ScreenHeader } from '../components/ScreenHeader';
import { SiteNameModal } from '../components/SiteNameModal';
import { useSelectedSite } from '../setup/selected-site';
import { deleteSiteRequest, siteActions, usePlodCounts, useSitesWithHoles } from '../setup/sites';
import { useSetupEditor } from '../setup/useSetupEditor';
import { useConnection } from '../sync';
import type { CleanupResult } from './site-config/api';
import { CleanupSettings } from './site-config/CleanupSettings';
import { ClientAccounts } from './site-config/ClientAccounts';
import { ExportManagement } from './site-config/ExportManagement';
import { ManualCleanup } from './site-config/ManualCleanup';
import { SiteGrid } from './site-config/SiteGrid';
import { SupervisorLoginModal } from './site-config/SupervisorLoginModal';

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
  const edit = useSetupEditor();
  const actions = siteActions(edit);
  const confirm = useConfirm();
  const { enabled, browserOnline } = useConnection();
  const online = enabled && browserOnline;
  const [adding, setAdding] = useState(false);
  const [lastCleanup, setLastCleanup] = useState<ReadonlyMap<string, CleanupResult>>(new Map());
  const { site, select } = useSelectedSite(sites);
  const plodCounts = usePlodCounts();

  // A new site is a new key in the setup document: it merges with whatever the server holds, so
  // there is nothing to wait for (offline included).
  const create = (siteName: string): boolean => {
    const id = actions.add(siteName);
    if (id !== null) select(id);
    return id !== null;
  };

  const askDelete = (doomed: SiteWithHoles) => {
    const plods = plodCounts.get(doomed.id) ?? 0;
    confirm.ask(
      deleteSiteRequest(doomed.siteName, plods, () => void actions.remove(doomed, plods)),
    );
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
            onSelect={select}
            onDelete={askDelete}
            onUnarchive={(archived) => void actions.unarchive(archived)}
            plodCounts={plodCounts}
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
            {/* At desk width: the settings and cleanup beside the export list, not one long column. */}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Stack gap="md">
                <CleanupSettings key={site.id} site={site} updateSite={edit.updateSite} />
                <ManualCleanup
                  site={site}
                  online={online}
                  lastResult={lastCleanup.get(site.id) ?? null}
                  onResult={(result) =>
                    setLastCleanup((prev) => new Map(prev).set(site.id, result))
                  }
                />
              </Stack>
              <ExportManagement site={site} online={online} />
            </SimpleGrid>
          </Stack>
        )}
        <ClientAccounts sites={sites} online={online} />
      </Stack>
      <Group justify="center" mt="xl">
        <Button component={Link} to="/dashboard" variant="subtle">
          Back to Dashboard
        </Button>
      </Group>
      <SiteNameModal
        opened={adding}
        title="Add New Site"
        submitLabel="Create"
        initialName=""
        onSubmit={create}
        onClose={() => setAdding(false)}
        sites={sites}
      />
      {confirm.modal}
    </>
  );
}

/** Site Configuration & PLOD Management (/site-config). */
export default function SiteConfig() {
  const auth = useAuth();
  return auth.kind === 'supervisor' ? <Configuration /> : <Locked />;
}
