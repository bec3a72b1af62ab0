import { NativeSelect, Tabs } from '@mantine/core';
import type { CrewMember, HireTool, Rig, Site, SiteId } from '@plod/model';
import { Navigate } from 'react-router';
import { useAuth } from '../auth';
import { ScreenHeader } from '../components/ScreenHeader';
import { applyChange } from '../setup/notify';
import { useSelectedSite } from '../setup/selected-site';
import { siteActions } from '../setup/sites';
import { useSetupEditor, useSetupSnapshot } from '../setup/useSetupEditor';
import { DevicesTab } from './site-setup/DevicesTab';
import { CREW_KIND, HIRE_TOOL_KIND, RIG_KIND } from './site-setup/kinds';
import { SiteItemsTab } from './site-setup/SiteItemsTab';
import { SitesTab } from './site-setup/SitesTab';

/** Supervisors only: a device or nobody goes to sign in first. */
export default function SiteSetup({ title = 'Site Setup' }: { title?: string }) {
  const auth = useAuth();
  if (auth.kind !== 'supervisor') return <Navigate to="/login" replace />;
  return <SiteSetupScreen title={title} />;
}

const ofSite = <T extends { siteId: SiteId }>(items: readonly T[], site: Site | null): T[] =>
  site ? items.filter((item) => item.siteId === site.id) : [];

/**
 * Sites, rigs, crew and hire tools live in the `setup` document: every change here is made on the
 * device copy and synced by the relay, so the screen works offline for a signed-in supervisor.
 */
function SiteSetupScreen({ title }: { title: string }) {
  const setup = useSetupSnapshot();
  const edit = useSetupEditor();
  const { site, select } = useSelectedSite(setup.sites);
  const sites = siteActions(edit);

  const addSite = (siteName: string): SiteId | null => {
    const id = sites.add(siteName);
    if (id !== null) select(id);
    return id;
  };

  return (
    <>
      <ScreenHeader title={title} backTo="/" backLabel="Back to Plods" />
      <NativeSelect
        label="Site"
        size="md"
        mb="md"
        disabled={setup.sites.length === 0}
        value={site?.id ?? ''}
        onChange={(event) => {
          const chosen = setup.sites.find((s) => s.id === event.currentTarget.value);
          if (chosen) select(chosen.id);
        }}
        data={
          setup.sites.length === 0
            ? [{ value: '', label: 'No sites yet' }]
            : setup.sites.map((s) => ({ value: s.id, label: s.siteName }))
        }
      />
      {/* Five tabs fit one row on a 360 px phone only with narrow padding. */}
      <Tabs defaultValue="sites" keepMounted={false} styles={{ tab: { paddingInline: 8 } }}>
        <Tabs.List mb="md" grow>
          <Tabs.Tab value="sites">Sites</Tabs.Tab>
          <Tabs.Tab value="rigs">Rigs</Tabs.Tab>
          <Tabs.Tab value="crew">Crew</Tabs.Tab>
          <Tabs.Tab value="tools">Hire Tools</Tabs.Tab>
          <Tabs.Tab value="devices">Devices</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sites">
          <SitesTab site={site} onAdd={addSite} onRename={sites.rename} onDelete={sites.remove} />
        </Tabs.Panel>
        <Tabs.Panel value="rigs">
          <SiteItemsTab<Rig, typeof RIG_KIND.emptyValues>
            kind={RIG_KIND}
            site={site}
            items={ofSite(setup.rigs, site)}
            onAdd={(values, siteId) =>
              applyChange(
                () => void edit.addRig({ ...values, siteId }),
                ['Rig added', `Rig "${values.rigName.trim()}" added`],
                'Failed to add rig',
              )
            }
            onUpdate={(id, values) =>
              applyChange(
                () => edit.updateRig(id, values),
                ['Rig updated', `Rig "${values.rigName.trim()}" saved`],
                'Failed to update rig',
              )
            }
            onDelete={(rig) =>
              applyChange(
                () => void edit.deleteRig(rig.id),
                ['Rig deleted', `Rig "${rig.rigName}" deleted`],
                'Failed to delete rig',
              )
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="crew">
          <SiteItemsTab<CrewMember, typeof CREW_KIND.emptyValues>
            kind={CREW_KIND}
            site={site}
            items={ofSite(setup.crewMembers, site)}
            onAdd={(values, siteId) =>
              applyChange(
                () => void edit.addCrewMember({ ...values, siteId }),
                ['Crew member added', `"${values.memberName.trim()}" added`],
                'Failed to add crew member',
              )
            }
            onUpdate={(id, values) =>
              applyChange(
                () => edit.updateCrewMember(id, values),
                ['Crew member updated', `"${values.memberName.trim()}" saved`],
                'Failed to update crew member',
              )
            }
            onDelete={(member) =>
              applyChange(
                () => void edit.deleteCrewMember(member.id),
                ['Crew member deleted', `"${member.memberName}" deleted`],
                'Failed to delete crew member',
              )
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="tools">
          <SiteItemsTab<HireTool, typeof HIRE_TOOL_KIND.emptyValues>
            kind={HIRE_TOOL_KIND}
            site={site}
            items={ofSite(setup.hireTools, site)}
            onAdd={(values, siteId) =>
              applyChange(
                () => void edit.addHireTool({ ...values, siteId }),
                ['Hire tool added', `"${values.toolName.trim()}" added`],
                'Failed to add hire tool',
              )
            }
            onUpdate={(id, values) =>
              applyChange(
                () => edit.updateHireTool(id, values),
                ['Hire tool updated', `"${values.toolName.trim()}" saved`],
                'Failed to update hire tool',
              )
            }
            onDelete={(tool) =>
              applyChange(
                () => void edit.deleteHireTool(tool.id),
                ['Hire tool deleted', `"${tool.toolName}" deleted`],
                'Failed to delete hire tool',
              )
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="devices">
          <DevicesTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
