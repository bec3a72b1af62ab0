import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { installToastPolicy } from './toasts';
import './toasts.css';

/**
 * The toast host: at the bottom, clear of the header's Back button, one at a time (the newest
 * replaces the one shown), gone after a few seconds even under a resting pointer (the policy's own
 * timer: Mantine's waits while hovered), and dismissible by its close button. A tap anywhere else on
 * a toast goes through to what is under it (toasts.css), and every screen ends with room for a
 * toast (AppLayout), so scrolled to its end no action is under one.
 */
export default function Toasts() {
  useEffect(() => installToastPolicy(), []);
  return (
    <Notifications position="bottom-center" limit={1} autoClose={false} containerWidth={480} />
  );
}
