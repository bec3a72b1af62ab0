import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { duplicateSiteNameMessage, siteCreateSchema, siteNamed, type Site } from '@plod/model';
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
  /** Every site (archived ones too): a name one of them has is refused beside the field. */
  sites: readonly Pick<Site, 'id' | 'siteName'>[];
  /** The site being renamed, which may keep its own name. */
  siteId?: string;
}

/**
 * SPEC 2/5 Add New Site (Site Setup and Site Configuration) and Edit Site: the name is required and
 * trimmed, with the model's words as soon as it is blank; the submit button stays disabled while
 * the name is blank. A name another site has (case and spaces aside) is refused beside the field.
 */
export function SiteNameModal({
  opened,
  title,
  submitLabel,
  initialName,
  onSubmit,
  onClose,
  sites,
  siteId,
}: SiteNameModalProps) {
  const schemaCheck = validateWith<SiteValues>(siteCreateSchema);
  const form = useForm<SiteValues>({
    initialValues: { siteName: initialName },
    validate: (values) => {
      const errors = schemaCheck(values);
      if (!errors.siteName && siteNamed(sites, values.siteName, siteId)) {
        errors.siteName = duplicateSiteNameMessage(values.siteName);
      }
      return errors;
    },
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
