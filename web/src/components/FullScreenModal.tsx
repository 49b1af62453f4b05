/**
 * A dialog over the whole window (the designers: 功能设计's form and list, 流程设计): open while
 * mounted, its content dropped when it closes. Everything else is antd's Modal.
 */
import { Modal, type ModalProps } from 'antd';

export function FullScreenModal(props: Omit<ModalProps, 'width' | 'open'>) {
  return <Modal open width="100vw" style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }} destroyOnHidden {...props} />;
}
