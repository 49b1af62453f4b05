/**
 * A list row's 编辑 and 删除, each rendered only when its button is granted (PERM-011), and the
 * row's other actions after them (成员, 更多 …), which the page renders only when granted.
 */
import type { ReactNode } from 'react';
import { Button, Dropdown, Space, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  canEdit: boolean;
  canRemove: boolean;
  /** The record's name, so each button says what it acts on to assistive technology. */
  label: string;
  onEdit(): void;
  onRemove(): void;
  /** The row's actions before 编辑 (新建下级). */
  before?: ReactNode;
  /** The row's other actions, after 删除. */
  extra?: ReactNode;
}

export function RowActions({ canEdit, canRemove, label, onEdit, onRemove, before, extra }: Props) {
  const { t } = useTranslation();
  return (
    <Space size={0} className="qm-row-actions">
      {before}
      {canEdit && (
        <Button type="link" size="small" aria-label={`${t('manage.edit')} ${label}`} onClick={onEdit}>
          {t('manage.edit')}
        </Button>
      )}
      {canRemove && (
        <Button type="link" size="small" danger aria-label={`${t('manage.remove')} ${label}`} onClick={onRemove}>
          {t('manage.remove')}
        </Button>
      )}
      {extra}
    </Space>
  );
}

/** One more action of a row (导出, 复制, 成员 …): a small link that names the record it acts on. */
export function RowButton({ text, label, icon, danger, onClick }: { text: string; label: string; icon?: ReactNode; danger?: boolean; onClick(): void }) {
  return (
    <Button type="link" size="small" danger={danger} icon={icon} aria-label={`${text} ${label}`} onClick={onClick}>
      {text}
    </Button>
  );
}

/** 更多 of a row: a small link opening the row's further actions, naming the record it acts on. */
export function MoreButton({ text, label, items, onChoose }: { text: string; label: string; items: MenuProps['items']; onChoose(key: string): void }) {
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onChoose(key) }}>
      <Button type="link" size="small" aria-label={`${text} ${label}`}>
        {text}
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
