import { Notifications, type NotificationsProps } from '@mantine/notifications';
import '@mantine/notifications/styles.css';

/** Where notices show (lazy: the first screen has none to show). */
export default function Notices({ position }: { position: NotificationsProps['position'] }) {
  return <Notifications position={position} limit={4} />;
}
