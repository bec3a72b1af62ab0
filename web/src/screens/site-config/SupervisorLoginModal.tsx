import { Modal, Text } from '@mantine/core';
import { SignInForm } from '../../auth/SignInForm';
import { SITE_CONFIG_MESSAGES } from './api';

export interface SupervisorLoginModalProps {
  /** Cancel: the page stays locked and the caller leaves it. */
  onCancel: () => void;
}

/**
 * SPEC 2/6: Site Configuration is locked until a supervisor signs in. The sign-in is the server's
 * (session cookie); once it succeeds useAuth reports a supervisor and the page unlocks by itself.
 * Wrong credentials have the page's own words; other failures say the server's.
 */
export function SupervisorLoginModal({ onCancel }: SupervisorLoginModalProps) {
  return (
    <Modal opened onClose={onCancel} title="Supervisor Login" closeOnClickOutside={false} centered>
      <Text c="dimmed" mb="md">
        Site configuration is for drill site supervisors only.
      </Text>
      <SignInForm
        feedback="inline"
        invalidCredentials={SITE_CONFIG_MESSAGES.invalidCredentials}
        onCancel={onCancel}
      />
    </Modal>
  );
}
