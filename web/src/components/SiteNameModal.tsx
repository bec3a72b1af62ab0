import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { siteCreateSchema } from '@plod/model';
import { validateWith } from '../setup/validate';
import { FormModal } from './FormModal';

type SiteValues = { siteName: string };

export interface SiteNameModalProps {
  opened: boolean;
  /** 'Add New Site' or 'Edit Site'. */
  title: string;
  /** 'Create' or 'Save'. */
  submitLabel: string;
  initialName: string;
  /** Gets the trimmed name; true when the change was made (the modal then closes). */
  onSubmit: (siteName: string) => boolean;
  onClose: () => void;
}

/**
 * SPEC 2/5 Add New Site (Site Setup and Site Configuration) and Edit Site: the name is required and
 * trimmed, with the model's words as soon as it is blank; the submit button stays disabled while
 * the name is blank.
 */
export function SiteNameModal({
  opened,
  title,
  submitLabel,
  initialName,
  onSubmit,
  onClose,
}: SiteNameModalProps) {
  const form = useForm<SiteValues>({
    initialValues: { siteName: initialName },
    validate: validateWith<SiteValues>(siteCreateSchema),
    validateInputOnChange: true,
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <FormModal
      opened={opened}
      title={title}
      submitLabel={submitLabel}
      submitDisabled={form.getValues().siteName.trim() === ''}
      onSubmit={form.onSubmit(({ siteName }) => {
        if (onSubmit(siteName.trim())) close();
      })}
      onCancel={close}
    >
      <TextInput
        label="Site name"
        placeholder="e.g. North Pit"
        withAsterisk
        data-autofocus
        {...form.getInputProps('siteName')}
      />
    </FormModal>
  );
}
