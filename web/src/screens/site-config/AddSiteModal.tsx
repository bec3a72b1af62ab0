import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { SITE_NAME_REQUIRED } from '@plod/model';
import { useState, type FormEvent } from 'react';

export interface AddSiteModalProps {
  opened: boolean;
  onClose: () => void;
  /** Creates the site from a trimmed, non-blank name; rejects with the reason it could not. */
  onCreate: (siteName: string) => void | Promise<void>;
}

/** SPEC 2/5: Add New Site: name required and trimmed; Create disabled while blank or creating. */
export function AddSiteModal({ opened, onClose, onCreate }: AddSiteModalProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const blank = name.trim() === '';
  const close = () => {
    setName('');
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (creating) return;
    if (blank) {
      setError(SITE_NAME_REQUIRED);
      return;
    }
    setCreating(true);
    try {
      await onCreate(name.trim());
      setName('');
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setCreating(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Add New Site" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <TextInput
            label="Site Name"
            placeholder="e.g. North Pit"
            required
            data-autofocus
            value={name}
            error={error}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setName(value);
              setError(value.trim() === '' ? SITE_NAME_REQUIRED : null);
            }}
          />
          <Group grow>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={blank || creating} loading={creating}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
