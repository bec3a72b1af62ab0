import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { TOAST_MS, installToastPolicy } from './toasts';
import './toasts.css';

/**
 * The toast host: at the bottom, clear of the header's Back button, one at a time (the newest
 * replaces the one shown), gone after a few seconds, and dismissible by its close button or a swipe.
 */
export default function Toasts() {
  useEffect(() => installToastPolicy(), []);
  return (
    <Notifications
      position="bottom-center"
      limit={1}
      autoClose={TOAST_MS}
      containerWidth={480}
      allowDragDismiss
    />
  );
}
