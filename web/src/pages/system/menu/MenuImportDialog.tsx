/**
 * 导入 of an application's menus (jnpf-wire-areas.md §1.8, JNPF's .bm): a small dialog with the
 * parent the menus go under (顶级节点 unless another directory is chosen) and the tab they go
 * to (the one open), then the file, sent at once as the other pages' 导入 does (ImportButton).
 * The server checks the file whole: a success closes the dialog and refreshes the tree; a
 * refusal (not a .bm file, a menu whose id or code exists, a bad item …) changes nothing and
 * its message stays in the dialog, beside the toast the HTTP client shows.
 */
import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { importMenu, TOP, type MenuCategory } from '@/api/menu';
import type { Envelope } from '@/api/request';
import { ImportButton } from '@/components/ImportButton';
import { ParentSelect } from './MenuDialog';

interface Props {
  open: boolean;
  systemId: string;
  category: MenuCategory;
  onClose(): void;
  onImported(): void;
}

export function MenuImportDialog({ open, systemId, category, onClose, onImported }: Props) {
  const { t } = useTranslation();
  const [parentId, setParentId] = useState(TOP);
  const [refused, setRefused] = useState('');
  // Each opening starts at the top, without the last refusal.
  useEffect(() => {
    if (open) {
      setParentId(TOP);
      setRefused('');
    }
  }, [open]);

  const upload = async (file: File) => {
    setRefused('');
    try {
      return await importMenu(systemId, file, parentId || TOP, category);
    } catch (error) {
      setRefused((error as Envelope<unknown>)?.msg || t('menuAdmin.importRefused'));
      throw error;
    }
  };

  return (
    <Modal open={open} title={t('menuAdmin.importMenus')} footer={null} destroyOnHidden mask={{ closable: false }} className="qm-menu-import" onCancel={onClose}>
      <Form layout="horizontal" labelCol={{ flex: '100px' }} labelWrap wrapperCol={{ flex: 1 }}>
        <Form.Item label={t('menuAdmin.parent')} htmlFor="qm-import-parent">
          <ParentSelect id="qm-import-parent" value={parentId} onChange={(v) => setParentId(v ?? TOP)} editing="" systemId={systemId} category={category} />
        </Form.Item>
        <Form.Item label={t('menuAdmin.category')}>
          <Input readOnly value={t(category === 'Web' ? 'menuAdmin.webMenus' : 'menuAdmin.appMenus')} aria-label={t('menuAdmin.category')} />
        </Form.Item>
        <Form.Item label={t('menuAdmin.importFile')} extra={t('menuAdmin.importHint')}>
          <ImportButton
            accept=".bm"
            label={t('menuAdmin.chooseFile')}
            upload={upload}
            onImported={() => {
              onClose();
              onImported();
            }}
          />
        </Form.Item>
      </Form>
      {refused && <Alert type="error" showIcon title={refused} role="alert" className="qm-import-refused" />}
    </Modal>
  );
}
