import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Site, SiteId } from '@plod/model';
import { useState } from 'react';
import { useConfirm } from '../../components/ConfirmModal';
import { SiteNameModal } from '../../components/SiteNameModal';
import { deleteSiteRequest } from '../../setup/sites';
import { useSiteHoleCount } from '../../setup/useSetupEditor';

export interface SitesTabProps {
  site: Site | null;
  /** Returns the new site's id, or null when it was refused. */
  onAdd: (siteName: string) => SiteId | null;
  onRename: (id: SiteId, siteName: string) => boolean;
  onDelete: (site: Site) => void;
}

/** The selected site (name, id, total holes) with Edit and Delete, and Add Site. */
export function SitesTab({ site, onAdd, onRename, onDelete }: SitesTabProps) {
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const confirm = useConfirm();
  return (
    <Stack gap="md">
      <Button size="md" onClick={() => setAdding(true)}>
        Add Site
      </Button>
      {site ? (
        <SiteCard
          site={site}
          onEdit={() => setRenaming(true)}
          onDelete={() => confirm.ask(deleteSiteRequest(site.siteName, () => onDelete(site)))}
        />
      ) : (
        <Text c="dimmed" size="md">
          No sites yet. Add a site to set up its rigs, crew and hire tools.
        </Text>
      )}
      <SiteNameModal
        opened={adding}
        title="Add New Site"
        submitLabel="Create"
        initialName=""
        onSubmit={(name) => onAdd(name) !== null}
        onClose={() => setAdding(false)}
      />
      {site && renaming && (
        <SiteNameModal
          opened
          title="Edit Site"
          submitLabel="Save"
          initialName={site.siteName}
          onSubmit={(name) => onRename(site.id, name)}
          onClose={() => setRenaming(false)}
        />
      )}
      {confirm.modal}
    </Stack>
  );
}

function SiteCard({
  site,
  onEdit,
  onDelete,
}: {
  site: Site;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const holes = useSiteHoleCount(site.id);
  return (
    <Card withBorder component="section" aria-label="Selected site">
      <Stack gap="xs">
        <Title order={2} fz={22} data-testid="site-name">
          {site.siteName}
        </Title>
        <Text c="dimmed" size="sm" style={{ wordBreak: 'break-all' }}>
          Site ID: <span data-testid="site-id">{site.id}</span>
        </Text>
        <Text size="md">
          Total holes:{' '}
          <Text span fw={700} data-testid="site-total-holes">
            {holes}
          </Text>
        </Text>
        <Group grow mt="xs">
          <Button variant="light" onClick={onEdit}>
            Edit
          </Button>
          <Button variant="light" color="red" onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
