/**
 * The icon of an application, a menu or a button: a JNPF icon-font class (`icon-ym
 * icon-ym-…`), which the shell draws as the nearest antd icon (MenuIcon). Typing filters the
 * offered classes, each shown with the icon it draws; any other class may be typed.
 */
import { AutoComplete } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '@/app/layout/MenuIcon';

/** The icon classes offered (those of the seed's menus and the usual JNPF ones). */
export const ICONS = [
  'icon-ym icon-ym-nav-home',
  'icon-ym icon-ym-systemSetting',
  'icon-ym icon-ym-systemMenu',
  'icon-ym icon-ym-systemToggle',
  'icon-ym icon-ym-systemData',
  'icon-ym icon-ym-authority',
  'icon-ym icon-ym-tree-organization3',
  'icon-ym icon-ym-tree-user2',
  'icon-ym icon-ym-generator-role',
  'icon-ym icon-ym-onlineDev',
  'icon-ym icon-ym-generator-form',
  'icon-ym icon-ym-workFlow',
  'icon-ym icon-ym-sysNotice',
  'icon-ym icon-ym-dictionary',
  'icon-ym icon-ym-report',
  'icon-ym icon-ym-dataV',
  'icon-ym icon-ym-portal',
  'icon-ym icon-ym-link',
  'icon-ym icon-ym-document',
  'icon-ym icon-ym-monitor',
  'icon-ym icon-ym-wechat',
];

interface Props {
  id?: string;
  value?: string;
  onChange?(value: string): void;
}

export function IconInput({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const typed = (value ?? '').trim().toLowerCase();
  return (
    <AutoComplete
      id={id}
      value={value}
      onChange={(v: string) => onChange?.(v ?? '')}
      prefix={value ? menuIcon(value, false) : undefined}
      allowClear
      placeholder={t('menuAdmin.iconPlaceholder')}
      options={ICONS.filter((icon) => !typed || icon.toLowerCase().includes(typed) || ICONS.includes(value ?? '')).map((icon) => ({
        value: icon,
        label: (
          <span className="qm-icon-option">
            {menuIcon(icon, false)} {icon.replace(/^icon-ym /, '')}
          </span>
        ),
      }))}
      style={{ width: '100%' }}
    />
  );
}
