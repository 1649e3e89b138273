import { Modal, type ModalRootProps } from '@mantine/core';
import { useT } from '../i18n';

/**
 * Mantine's Modal with a named close button and a plain <div> header: the stock <header> would be a
 * second banner landmark next to the app's, and the stock close button has no accessible name.
 */
export function AppModal({ title, onClose, size, children }: { title: string; onClose: () => void; size?: ModalRootProps['size']; children: React.ReactNode }) {
  const { t } = useT();
  return (
    <Modal.Root opened onClose={onClose} size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title dir="auto">{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('app.close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
