/**
 * The dialog every form and step of the administration screens opens in: 600px unless told
 * (spec 01 §9), not closed by a click outside, a fresh body on each opening, 确定 and 取消.
 * A page gives only what is its own (title, class, busy state, what 确定 does).
 */
import { Modal, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** The dialogs' width (spec 01 §9). */
export const FORM_DIALOG_WIDTH = 600;

export function FormModal({ width = FORM_DIALOG_WIDTH, okText, cancelText, ...props }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      width={width}
      mask={{ closable: false }}
      // A fresh dialog on each opening: a kept one (forceRender) reopened in Chromium could stay
      // in its zoom-in animation and then never leave after closing.
      destroyOnHidden
      okText={okText ?? t('common.confirm')}
      cancelText={cancelText ?? t('common.cancel')}
      {...props}
    />
  );
}
