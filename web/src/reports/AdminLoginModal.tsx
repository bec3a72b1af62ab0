import { Modal, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { SignInForm } from '../auth/SignInForm';
import { SUPERVISOR_HOME } from '../routes/supervisor';

/** SPEC 2: the reports list's Administrator Login modal; the same server sign-in as /login, to Live. */
export function AdminLoginModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal opened={opened} onClose={onClose} title="Administrator Login" size="sm" centered>
      <Text c="dimmed" mb="md">
        For drill site supervisors only.
      </Text>
      <SignInForm
        onSignedIn={() => {
          onClose();
          void navigate(SUPERVISOR_HOME);
        }}
      />
    </Modal>
  );
}
