import { notifications } from '@mantine/notifications';
import { isModelError } from '@plod/model';

/** A success toast, as the other screens show them. */
export function notifySuccess(title: string, message: string): void {
  notifications.show({ color: 'green', title, message });
}

/** An error toast. */
export function notifyFailure(message: string): void {
  notifications.show({ color: 'red', title: 'Error', message });
}

/**
 * Runs a change to the setup document and toasts the outcome; a refused model operation says why
 * in its own words. False when refused (the modal or inline form then keeps what was typed).
 */
export function applyChange(
  action: () => void,
  success: [title: string, message: string],
  failure: string,
): boolean {
  try {
    action();
    notifySuccess(...success);
    return true;
  } catch (error) {
    notifyFailure(isModelError(error) ? error.message : failure);
    return false;
  }
}
